import amqp from 'amqplib';

export async function start(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  const other = await conn.createChannel();
  await other.prefetch(20);
  // The prefetch above is on another channel.
  await ch.consume('invoices', (msg) => { if (msg) ch.ack(msg); });

  const late = await conn.createChannel();
  await late.consume('late', (msg) => { if (msg) late.ack(msg); });
  // Set after the consume: it does not apply to the consumer above.
  await late.prefetch(5);

  const zero = await conn.createChannel();
  await zero.prefetch(0);
  await zero.consume('unlimited', (msg) => { if (msg) zero.ack(msg); });
}
