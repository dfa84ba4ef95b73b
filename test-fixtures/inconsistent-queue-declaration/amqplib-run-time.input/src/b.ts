import amqp from 'amqplib';

export async function b(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('reports');
}
