import amqp from 'amqplib';

export async function consumeOrders(url: string, handle: (body: Buffer) => Promise<void>) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.prefetch(10);
  // rabbitmq4-codemod(deprecated-queue-argument): remove x-cancel-on-ha-failover; for a queue that
  // must survive a node failure use a quorum queue (x-queue-type: quorum), and for a classic queue
  // retry consume on 404 NOT_FOUND
  await ch.consume(
    'orders',
    async (msg) => {
      if (msg === null) return;
      await handle(msg.content);
      ch.ack(msg);
    },
    { arguments: { 'x-cancel-on-ha-failover': true } },
  );
  // The same consumer without the argument: nothing to report.
  await ch.consume('invoices', async (msg) => {
    if (msg === null) return;
    await handle(msg.content);
    ch.ack(msg);
  });
}
