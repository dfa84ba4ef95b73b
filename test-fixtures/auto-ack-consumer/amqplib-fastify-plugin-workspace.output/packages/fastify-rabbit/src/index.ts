// A fastify plugin of the workspace: it decorates the instance with subscribe(), which consumes with the caller's
// consumerOptions and prefetch (10 unless given). Published: its users elsewhere call it as they like.
import fp from 'fastify-plugin';
import * as amqplib from 'amqplib';
import type { FastifyInstance } from 'fastify';
import type { ConsumeMessage, Options } from 'amqplib';

export interface SubscribeOptions {
  queue: string;
  prefetch?: number;
  consumerOptions?: Options.Consume;
}

async function rabbit(fastify: FastifyInstance, props: { url: string }) {
  const connection = await amqplib.connect(props.url);
  const channel = await connection.createChannel();

  const subscribe = async (opts: SubscribeOptions, impl: (msg: ConsumeMessage) => Promise<void>) => {
    const { queue, prefetch = 10, consumerOptions } = opts;
    await channel.assertQueue(queue, { durable: true });
    await channel.prefetch(prefetch);
    await channel.consume(
      queue,
      async (msg) => {
        if (!msg) return;
        await impl(msg);
        if (!consumerOptions?.noAck) channel.ack(msg);
      },
      consumerOptions,
    );
  };

  fastify.decorate('rabbit', { subscribe });
}

export default fp(rabbit, { name: '@acme/fastify-rabbit' });
