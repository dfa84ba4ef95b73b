// An RPC client that consumes direct reply-to and acknowledges each reply: the broker refuses the consumer.
import amqp from 'amqplib';
import { randomUUID } from 'node:crypto';

export async function rpcClient(url: string, queue: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  const pending = new Map<string, (body: Buffer) => void>();

  await ch.consume(
    'amq.rabbitmq.reply-to',
    (msg) => {
      if (!msg) return;
      pending.get(msg.properties.correlationId)?.(msg.content);
      pending.delete(msg.properties.correlationId);
      ch.ack(msg);
    },
    { noAck: false },
  );

  return (body: object) =>
    new Promise<Buffer>((resolve) => {
      const correlationId = randomUUID();
      pending.set(correlationId, resolve);
      ch.sendToQueue(queue, Buffer.from(JSON.stringify(body)), { correlationId, replyTo: 'amq.rabbitmq.reply-to' });
    });
}
