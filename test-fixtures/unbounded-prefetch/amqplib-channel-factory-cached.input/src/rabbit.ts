import amqp, { type Channel } from 'amqplib';

let channel: Channel | undefined;

// One channel for the process, made on the first call and handed to every caller after it.
export async function getChannel(): Promise<Channel> {
  if (!channel) {
    const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
    channel = await conn.createChannel();
    await channel.prefetch(20);
  }
  return channel;
}
