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
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await ch.consume('orders', (msg) => msg && ch.ack(msg), { noack: false });
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await ch.consume('audit', (msg) => msg && ch.ack(msg), { noAck: false, prefetch: 10 });
}
