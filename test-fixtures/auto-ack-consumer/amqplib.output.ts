import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await ch.consume('emails', async (msg) => {
    await sendEmail(msg!.content);
  }, { noAck: true });
  await ch.consume('amq.rabbitmq.reply-to', (msg) => resolveReply(msg), { noAck: true });
}

declare function sendEmail(b: Buffer): Promise<void>;
declare function resolveReply(m: unknown): void;
