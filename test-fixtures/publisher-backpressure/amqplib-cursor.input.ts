import amqp from 'amqplib';
import type { Db } from 'mongodb';

// A backfill: every document of the collection, read through a cursor, published as fast as the cursor gives them.
export async function backfill(url: string, db: Db) {
  const ch = await (await amqp.connect(url)).createChannel();
  const cursor = db.collection('orders').find({});
  for await (const order of cursor) {
    ch.sendToQueue('orders.backfill', Buffer.from(JSON.stringify(order)));
  }
}
