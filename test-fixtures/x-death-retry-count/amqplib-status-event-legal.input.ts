import amqp from 'amqplib';

const MAX_RETRIES = 3;

// The broker drives the retry (nack without requeue into a TTL queue that dead-letters back); below the limit the
// handler only publishes a status event built from the order, a new message, not the order sent again.
export async function startOrderConsumer(url: string) {
  const channel = await (await amqp.connect(url)).createChannel();
  await channel.prefetch(1);
  channel.consume('q.orders', async (msg) => {
    if (!msg) return;
    const order = JSON.parse(msg.content.toString());
    const deathCount: number = msg.properties.headers?.['x-death']?.[0]?.count ?? 0;
    try {
      await ship(order);
      channel.ack(msg);
    } catch {
      const status = Buffer.from(JSON.stringify({ orderId: order.orderId, status: 'retrying', attempt: deathCount + 1 }));
      channel.publish('ex.order-status', 'order.retrying', status);
      if (deathCount < MAX_RETRIES) channel.nack(msg, false, false);
      else channel.ack(msg);
    }
  });
}

declare function ship(order: unknown): Promise<void>;
