import amqp from 'amqplib';

// A fan-out worker: each consumed order is split into one message per line item. The loop goes over one message's
// payload, and the consumer's prefetch paces the messages.
export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('orders', (msg) => {
    if (!msg) return;
    const order = JSON.parse(msg.content.toString());
    for (const item of order.items) {
      ch.publish('fulfilment', 'item', Buffer.from(JSON.stringify(item)));
    }
    ch.ack(msg);
  });
}
