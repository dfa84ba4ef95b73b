import * as amqp from 'amqplib';

export async function startWorker(url: string): Promise<void> {
  const connection = await amqp.connect(url);
  const channel = await connection.createChannel();

  await channel.assertQueue('jobs', { durable: true });
  await channel.assertQueue('notifications', {
    durable: true,
    autoDelete: true,
  });
  await channel.assertQueue("audit", {
    durable: true, // kept only in memory
    messageTtl: 60000
  });
}
