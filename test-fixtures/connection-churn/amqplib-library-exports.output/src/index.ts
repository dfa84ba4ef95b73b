// A library that is handed a connection. call() opens a channel for each request and never closes it: a channel
// leak on every RPC. serve() opens one channel and answers every request on it; channelFor() hands its channel out.
import type { Channel, ChannelModel } from 'amqplib';

export async function call<T>(connection: ChannelModel, queue: string, payload: unknown): Promise<T> {
  // rabbitmq4-codemod(connection-churn): this opens a channel once per message (in each call of
  // call() at src/index.ts:5, which the module exports and which publishes on it and never closes
  // it): open it once at start-up and reuse it for every message
  const ch = await connection.createChannel();
  const { queue: replyTo } = await ch.assertQueue('', { exclusive: true });
  return new Promise((resolve) => {
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    ch.consume(replyTo, (msg) => msg && resolve(JSON.parse(msg.content.toString())), { noAck: true });
    ch.sendToQueue(queue, Buffer.from(JSON.stringify(payload)), { replyTo });
  });
}

export async function serve(connection: ChannelModel, queue: string, handler: (request: unknown) => Promise<unknown>): Promise<void> {
  const ch = await connection.createChannel();
  await ch.assertQueue(queue, { durable: true });
  await ch.prefetch(10);
  await ch.consume(queue, async (msg) => {
    if (!msg) return;
    const result = await handler(JSON.parse(msg.content.toString()));
    ch.sendToQueue(msg.properties.replyTo, Buffer.from(JSON.stringify(result)));
    ch.ack(msg);
  });
}

export async function channelFor(connection: ChannelModel): Promise<Channel> {
  const ch = await connection.createChannel();
  await ch.prefetch(10);
  return ch;
}
