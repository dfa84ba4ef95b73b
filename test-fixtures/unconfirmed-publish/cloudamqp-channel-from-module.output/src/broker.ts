import { AMQPChannel, AMQPClient } from '@cloudamqp/amqp-client';

let channel: AMQPChannel | undefined;

export async function getChannel(): Promise<AMQPChannel> {
  if (!channel) {
    const conn = await new AMQPClient(process.env.AMQP_URL!).connect();
    channel = await conn.channel();
    await channel.prefetch(10);
  }
  return channel;
}

export async function getConfirmChannel(): Promise<AMQPChannel> {
  const conn = await new AMQPClient(process.env.AMQP_URL!).connect();
  const ch = await conn.channel();
  await ch.confirmSelect();
  return ch;
}
