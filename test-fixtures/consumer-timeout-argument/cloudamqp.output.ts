import { AMQPClient } from '@cloudamqp/amqp-client';

export async function start(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('reports', { durable: true });
  await ch.queueDeclare('jobs', { durable: true }, { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 });
  await ch.prefetch(10);
  // rabbitmq4-codemod(consumer-timeout-argument): remove the x-consumer-timeout consumer argument:
  // from 4.3, classic queues never time out a consumer; if a delivery timeout is needed, make
  // 'reports' a quorum queue (x-consumer-timeout as a consumer or queue argument, or a
  // consumer-timeout policy)
  await ch.basicConsume('reports', { noAck: false, args: { 'x-consumer-timeout': 600000 } }, async (msg) => { await msg.ack(); });
  // Negative: a quorum queue.
  await ch.basicConsume('jobs', { noAck: false, args: { 'x-consumer-timeout': 600000 } }, async (msg) => { await msg.ack(); });
}
