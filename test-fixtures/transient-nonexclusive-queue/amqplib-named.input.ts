import * as amqp from 'amqplib';

export async function startWorker(url: string): Promise<void> {
  const connection = await amqp.connect(url);
  const channel = await connection.createChannel();

  await channel.assertQueue('jobs', { durable: false });
  await channel.assertQueue('notifications', {
    durable: false,
    autoDelete: true,
  });
  await channel.assertQueue("audit", {
    durable: false, // kept only in memory
    messageTtl: 60000
  });
}
