import amqp from 'amqplib';

// Negatives: a quorum queue evaluates x-consumer-timeout; a queue the project does not declare; no argument.
export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('jobs', { arguments: { 'x-queue-type': 'quorum' } });
  await ch.assertQueue('reports', { durable: true });
  await ch.prefetch(10);
  await ch.consume('jobs', (msg) => { if (msg) ch.ack(msg); }, { arguments: { 'x-consumer-timeout': 3600000 } });
  await ch.consume('elsewhere', (msg) => { if (msg) ch.ack(msg); }, { arguments: { 'x-consumer-timeout': 3600000 } });
  await ch.consume('reports', (msg) => { if (msg) ch.ack(msg); });
}
