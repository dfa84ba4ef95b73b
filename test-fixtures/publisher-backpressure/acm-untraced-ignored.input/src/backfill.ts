import type { Db } from 'mongodb';

// The channel comes from the caller as `any`, in a project that depends on amqplib and amqp-connection-manager:
// the call does not say which. Either way the cursor's documents are published without waiting.
export class Backfill {
  constructor(private readonly channel: any, private readonly db: Db) {}

  async run() {
    for await (const doc of this.db.collection('events').find({})) {
      this.channel.sendToQueue('events.backfill', Buffer.from(JSON.stringify(doc)));
    }
  }
}
