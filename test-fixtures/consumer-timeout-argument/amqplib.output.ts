import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('reports', { durable: true });
  await ch.assertQueue('audit', { arguments: { 'x-queue-type': 'stream' } });
  await ch.prefetch(10);
  // rabbitmq4-codemod(consumer-timeout-argument): remove the x-consumer-timeout consumer argument:
  // from 4.3, classic queues never time out a consumer; if a delivery timeout is needed, make
  // 'reports' a quorum queue (x-consumer-timeout as a consumer or queue argument, or a
  // consumer-timeout policy)
  await ch.consume('reports', (msg) => { if (msg) ch.ack(msg); }, { arguments: { 'x-consumer-timeout': 3600000 } });
  // rabbitmq4-codemod(consumer-timeout-argument): remove the x-consumer-timeout consumer argument:
  // from 4.3, streams never time out a consumer; if a delivery timeout is needed, make 'audit' a
  // quorum queue (x-consumer-timeout as a consumer or queue argument, or a consumer-timeout policy)
  await ch.consume('audit', (msg) => { if (msg) ch.ack(msg); }, { arguments: { 'x-consumer-timeout': 600000, 'x-stream-offset': 'first' } });
}
