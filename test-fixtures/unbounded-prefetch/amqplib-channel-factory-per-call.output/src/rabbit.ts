import amqp, { type ChannelModel } from 'amqplib';

let connection: ChannelModel | undefined;

async function getConnection(): Promise<ChannelModel> {
  connection ??= await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
  return connection;
}

// A new channel on every call: each caller's channel is its own, and so is its prefetch.
export async function openChannel() {
  const conn = await getConnection();
  return conn.createChannel();
}
