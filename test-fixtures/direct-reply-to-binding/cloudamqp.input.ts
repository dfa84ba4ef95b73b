import { AMQPClient } from '@cloudamqp/amqp-client';

export async function serve(url: string) {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.prefetch(10);
  await ch.queueBind('orders', 'events', 'order.*');
  await ch.basicConsume('rpc', { noAck: false }, async (msg) => {
    await ch.queueBind(msg.properties.replyTo!, 'events', 'order.*');
    await msg.ack();
  });
}
