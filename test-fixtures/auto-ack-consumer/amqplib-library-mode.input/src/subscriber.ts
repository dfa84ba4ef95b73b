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
