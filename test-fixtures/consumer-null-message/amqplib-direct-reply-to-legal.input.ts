// The direct reply-to pseudo-queue: the broker never cancels its consumer, so the handler never gets null.
import amqp from 'amqplib';
import { randomUUID } from 'node:crypto';

const REPLY_TO = 'amq.rabbitmq.reply-to';

export async function rpcClient(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  const pending = new Map<string, (body: Buffer) => void>();
  await ch.consume(
    REPLY_TO,
    (msg) => {
      pending.get(msg!.properties.correlationId)?.(msg!.content);
      pending.delete(msg!.properties.correlationId);
    },
    { noAck: true },
  );
  return (body: Buffer) =>
    new Promise<Buffer>((resolve) => {
      const id = randomUUID();
      pending.set(id, resolve);
      ch.sendToQueue('rpc', body, { correlationId: id, replyTo: REPLY_TO });
    });
}
