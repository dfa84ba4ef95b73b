import * as amqp from 'amqplib';
import { AuditLog, Publisher } from './publisher';

const publisher = new Publisher();
const audit = new AuditLog();

export async function start() {
  const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
  const ch = await conn.createChannel();
  await ch.prefetch(10);
  await ch.consume('orders', async (msg) => {
    if (!msg) return;
    await publisher.publish('invoices', JSON.parse(msg.content.toString()));
    await audit.record(`order ${msg.properties.messageId}`);
    ch.ack(msg);
  });
}
