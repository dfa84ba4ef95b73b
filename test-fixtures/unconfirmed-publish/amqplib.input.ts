import amqp from 'amqplib';

export async function publish(url: string, body: Buffer) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.publish('orders', 'created', body);
  if (!ch.sendToQueue('audit', body)) {
    throw new Error('not delivered');
  }
  ch.publish('logs', '', body);
}
