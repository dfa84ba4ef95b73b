import amqp from 'amqplib';

export async function publishOrder(body: Buffer) {
  const ch = await (await amqp.connect('amqp://localhost')).createConfirmChannel();
  ch.publish('orders', 'created', body);
  await ch.waitForConfirms();
}
