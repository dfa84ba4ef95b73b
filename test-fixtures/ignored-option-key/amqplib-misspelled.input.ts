// Options amqplib never reads: a misspelled key, another library's name for one, an x-argument outside `arguments`, and
// a count read under a key the options do not hold. Each option silently never arrives.
import amqp from 'amqplib';

const consumerConfig = { prefetch: 20, noAck: false };

export async function start(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.assertQueue('orders', { durable: true, 'x-queue-type': 'quorum' });
  await ch.assertQueue('audit', { durable: true, autodelete: true, messageTTL: 60000 });
  await ch.prefetch(consumerConfig.prefetchCount);
  await ch.consume('orders', (msg) => msg && ch.ack(msg), { noack: false });
  await ch.consume('audit', (msg) => msg && ch.ack(msg), { noAck: false, prefetch: 10 });
}
