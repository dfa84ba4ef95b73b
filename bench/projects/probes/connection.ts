// The module that makes the channel: one connection and one channel per process, handed out by getChannel().
import amqp from 'amqplib';
import type { Channel, ChannelModel } from 'amqplib';

let connection: ChannelModel | undefined;
let channel: Channel | undefined;

export async function getChannel(): Promise<Channel> {
  if (!channel) {
    connection = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
    channel = await connection.createChannel();
  }
  return channel;
}

export async function closeChannel(): Promise<void> {
  await channel?.close();
  await connection?.close();
  channel = undefined;
  connection = undefined;
}
