import amqp from 'amqplib';
import { consumeFrom, declareQueue, setupWorkerQueue } from './messaging/rabbit';

export async function startWorker(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.prefetch(20);
  // `arguments` never reaches assertQueue (declareQueue reads only durable and retries): a classic queue, not a quorum one.
  await declareQueue(ch, 'orders', { durable: true, arguments: { 'x-queue-type': 'quorum' }, retries: 5 });
  await setupWorkerQueue(ch, 'audit', { durable: true, messageTtl: 60_000 });
  const consumerOptions = { noAck: false, priority: 10, prefetch: 50, noLocal: false };
  await consumeFrom(ch, 'orders', (msg) => msg && ch.ack(msg), consumerOptions);
}
