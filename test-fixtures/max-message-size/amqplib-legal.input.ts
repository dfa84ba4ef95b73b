import amqp from 'amqplib';
import { readFileSync } from 'node:fs';

export async function publish(url: string, file: string, order: object, size: number) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  // Exactly 16 MiB is still accepted.
  ch.sendToQueue('thumbnails', Buffer.alloc(16 * 1024 * 1024));
  // Sizes the code does not settle are not reported.
  ch.sendToQueue('files', readFileSync(file));
  ch.publish('orders', 'created', Buffer.from(JSON.stringify(order)));
  ch.sendToQueue('blobs', Buffer.alloc(size));
  await ch.waitForConfirms();
}
