import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod-ignore transient-nonexclusive-queue
  await ch.assertQueue('intentionally-transient', { durable: false });
  await ch.assertQueue('not-suppressed', { durable: false });
}
