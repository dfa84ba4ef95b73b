// Curried adapter functions for a promise chain (connect, then declare, then publish), as CLI tools write them.
import * as amqplib from 'amqplib';
import type { Channel, Options } from 'amqplib';

export interface ChannelCtx {
  channel: Channel;
  queueName?: string;
}

export async function openChannel(url: string): Promise<ChannelCtx> {
  const connection = await amqplib.connect(url);
  return { channel: await connection.createChannel() };
}

export function declareQueue(queueName: string, queueOptions: Options.AssertQueue, assert: boolean): (ctx: ChannelCtx) => Promise<ChannelCtx> {
  return async (ctx) => ({
    ...ctx,
    queueName: assert ? (await ctx.channel.assertQueue(queueName, queueOptions)).queue : queueName,
  });
}
