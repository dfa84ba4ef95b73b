import amqp, { type Channel } from 'amqplib';

let cached: Promise<Channel> | undefined;

export async function withChannel<T>(fn: (channel: Channel) => Promise<T>): Promise<T> {
  cached ??= amqp.connect(process.env.AMQP_URL!).then((c) => c.createChannel());
  const channel = await cached;
  return fn(channel);
}
