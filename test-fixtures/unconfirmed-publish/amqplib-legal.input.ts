import amqp from 'amqplib';

export async function publish(url: string, body: Buffer) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  ch.publish('orders', 'created', body);
  await ch.waitForConfirms();
}
