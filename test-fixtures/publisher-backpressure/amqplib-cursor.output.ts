import amqp from 'amqplib';
import type { Db } from 'mongodb';

// A backfill: every document of the collection, read through a cursor, published as fast as the cursor gives them.
export async function backfill(url: string, db: Db) {
  const ch = await (await amqp.connect(url)).createChannel();
  const cursor = db.collection('orders').find({});
  for await (const order of cursor) {
    // rabbitmq4-codemod(publisher-backpressure): wait when the buffer is full:
    // `if (!ch.sendToQueue(...)) await once(ch, 'drain')` (once from node:events), so that the loop
    // waits instead of the memory growing; publisher confirms do not do this (they say the broker
    // has the message, not that the buffer has room)
    ch.sendToQueue('orders.backfill', Buffer.from(JSON.stringify(order)));
  }
}
