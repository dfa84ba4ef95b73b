import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('emails', async (msg) => {
    if (msg === null) { /* consumer cancelled by the broker */ return; }
    await sendEmail(msg!.content);
    ch.ack(msg);
  }, { noAck: false });
  await ch.consume('amq.rabbitmq.reply-to', (msg) => resolveReply(msg), { noAck: true });
}

declare function sendEmail(b: Buffer): Promise<void>;
declare function resolveReply(m: unknown): void;
