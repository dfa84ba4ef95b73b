import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function startPublishing(url: string) {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  const session = await AMQPSession.connect(url);
  const orders = await session.queue('orders');
  return {
    async audit(entry: string) {
      await ch.basicPublish('audit', 'entry', entry, { deliveryMode: 2 });
    },
    async placeOrder(order: string) {
      await orders.publish(order, { confirm: false });
    },
  };
}
