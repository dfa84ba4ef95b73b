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
    const reply = await channel.consume(queue, (msg) => {
      if (msg) this.handle(msg, channel);
    }, options);
    return reply.consumerTag;
  }
}
