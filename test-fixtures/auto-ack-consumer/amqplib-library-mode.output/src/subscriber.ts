// A library's subscriber: its callers' options decide the ack mode and the prefetch; its own defaults decide them for
// a caller that passes none (noAck: !expectAck with expectAck unset is automatic ack, and no prefetch at all).
import type { Channel, ConsumeMessage } from 'amqplib';

export interface SubscribeOptions {
  expectAck?: boolean;
  prefetch?: number;
}

export class Subscriber {
  constructor(private readonly channel: Channel) {}

  async subscribe(queue: string, handler: (msg: ConsumeMessage) => Promise<void>, { expectAck, prefetch }: SubscribeOptions = {}) {
    await this.channel.assertQueue(queue, { durable: true });
    if (prefetch) await this.channel.prefetch(prefetch);
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    await this.channel.consume(
      queue,
      async (msg) => {
        if (!msg) return;
        await handler(msg);
        if (expectAck) this.channel.ack(msg);
      },
      { noAck: !expectAck },
    );
  }
}
