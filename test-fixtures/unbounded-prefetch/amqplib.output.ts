import amqp from 'amqplib';

export async function start(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  const other = await conn.createChannel();
  await other.prefetch(20);
  // The prefetch above is on another channel.
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await ch.consume('invoices', (msg) => { if (msg) ch.ack(msg); });

  const late = await conn.createChannel();
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await late.consume('late', (msg) => { if (msg) late.ack(msg); });
  // Set after the consume: it does not apply to the consumer above.
  await late.prefetch(5);

  const zero = await conn.createChannel();
  await zero.prefetch(0);
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await zero.consume('unlimited', (msg) => { if (msg) zero.ack(msg); });
}
