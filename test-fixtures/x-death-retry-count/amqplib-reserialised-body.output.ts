import amqp from 'amqplib';

const MAX_RETRIES = 3;

interface Order {
  orderId: string;
}

// A dead-letter consumer that parses the order, reads the x-death count, and below the limit publishes the order again
// (re-serialised) into a parking queue that dead-letters back, "forwarding the original headers so x-death keeps
// incrementing": the broker ignores the x-death the client sends, so the count never passes 1.
export async function startDeadLetterConsumer(url: string) {
  const channel = await (await amqp.connect(url)).createChannel();
  await channel.prefetch(1);
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  channel.consume('q.orders.dlx', (msg) => {
    if (!msg) return;
    const order: Order = JSON.parse(msg.content.toString());
    const deathCount: number = msg.properties.headers?.['x-death']?.[0]?.count ?? 0;
    if (deathCount < MAX_RETRIES) {
      const payload = Buffer.from(JSON.stringify(order));
      channel.publish('ex.orders.dlx', 'order.retry', payload, { persistent: true, headers: msg.properties.headers });
    } else {
      console.error(`giving up on order ${order.orderId}`);
    }
    channel.ack(msg);
  });
}
