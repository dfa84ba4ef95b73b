import type { Db } from 'mongodb';

// The channel comes from the caller as `any`, in a project that depends on amqplib and amqp-connection-manager:
// the call does not say which. Either way the cursor's documents are published without waiting.
export class Backfill {
  constructor(private readonly channel: any, private readonly db: Db) {}

  async run() {
    for await (const doc of this.db.collection('events').find({})) {
      // rabbitmq4-codemod(publisher-backpressure): wait when the buffer is full:
      // `if (!this.channel.sendToQueue(...)) await once(this.channel, 'drain')` (once from
      // node:events), so that the loop waits instead of the memory growing; publisher confirms do
      // not do this (they say the broker has the message, not that the buffer has room); if the
      // receiver is amqp-connection-manager's ChannelWrapper instead (the project depends on it),
      // its publish returns a promise that cannot be tested for false: await it
      this.channel.sendToQueue('events.backfill', Buffer.from(JSON.stringify(doc)));
    }
  }
}
