// A consumer that starts consuming again (with the same options) when its channel closes.
import { Channel, ConsumeMessage, Options } from 'amqplib';

export class Consumer {
  constructor(private readonly channel: Promise<Channel>, private readonly handle: (msg: ConsumeMessage, ch: Channel) => void) {}

  public async consume(queue: string, options: Options.Consume = {}): Promise<string> {
    const fallback = () => this.consume(queue, options);
    const channel = await this.channel;
    channel.on('close', () => {
      setTimeout(fallback, 200);
    });
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack
    // it when its work is done (and nack or reject it when it fails), or consume with noAck: true
    // if losing messages on a crash is acceptable
    const reply = await channel.consume(queue, (msg) => {
      if (msg) this.handle(msg, channel);
    }, options);
    return reply.consumerTag;
  }
}
