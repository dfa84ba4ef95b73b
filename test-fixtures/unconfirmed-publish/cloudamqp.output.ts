import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function startPublishing(url: string) {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  const session = await AMQPSession.connect(url);
  const orders = await session.queue('orders');
  return {
    async audit(entry: string) {
      // rabbitmq4-codemod(unconfirmed-publish): call ch.confirmSelect() on the channel before
      // publishing: basicPublish() then resolves only when the broker confirms the message
      await ch.basicPublish('audit', 'entry', entry, { deliveryMode: 2 });
    },
    async placeOrder(order: string) {
      // rabbitmq4-codemod(unconfirmed-publish): publish without confirm: false (confirms are the
      // default in v4): publish() then resolves only when the broker confirms the message
      await orders.publish(order, { confirm: false });
    },
  };
}
