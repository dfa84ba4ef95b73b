import amqp from 'amqplib';

export async function a(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('reports', { durable: process.env.REPORTS_DURABLE === 'true' });
}
