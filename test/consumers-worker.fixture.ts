import amqp from 'amqplib';

export async function start(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  const other = await conn.createChannel();
  await ch.assertQueue('events', { arguments: { 'x-queue-type': 'stream' } });

  // 1. auto-ack, no prefetch: the disaster
  await ch.consume('emails', (msg) => {
    send(msg!.content);
  }, { noAck: true });

  // 2. manual ack, no prefetch on this channel (prefetch was set on another channel)
  await other.prefetch(20);
  await ch.consume('invoices', async (msg) => {
    await handle(msg!);
    ch.ack(msg!);
  });

  // 3. manual ack with prefetch: safe
  const safe = await conn.createChannel();
  await safe.prefetch(10);
  await safe.consume('orders', (msg) => { safe.ack(msg!); });

  // 4. reply-to: auto-ack required, never flagged
  await ch.consume('amq.rabbitmq.reply-to', (msg) => console.log(msg), { noAck: true });

  // 5. stream without prefetch
  await ch.consume('events', (msg) => ch.ack(msg!));

  // 6. prefetch set after the consume: too late
  const late = await conn.createChannel();
  await late.consume('late', (msg) => late.ack(msg!));
  await late.prefetch(5);

  // 7. prefetch with auto-ack: useless
  const useless = await conn.createChannel();
  await useless.prefetch(50, true);
  await useless.consume('metrics', (msg) => record(msg), { noAck: true });
}
declare function send(b: Buffer): void;
declare function handle(m: unknown): Promise<void>;
declare function record(m: unknown): void;
