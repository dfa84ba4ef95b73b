import amqp from 'amqplib';

// The default queue type is stream: a stream takes no x-message-ttl, x-max-length or dead-letter exchange.
export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(queue-argument-not-supported): decide the queue's type: x-queue-type:
  // 'classic' keeps it a classic queue as it is today, or remove messageTtl (x-message-ttl) (a
  // stream queue does not accept it) to let it become a stream queue
  await ch.assertQueue('audit-log', { messageTtl: 86400000 });
  await ch.assertQueue('audit-retention', { arguments: { 'x-max-age': '7D' } });
}
