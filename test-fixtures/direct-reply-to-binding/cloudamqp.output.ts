import { AMQPClient } from '@cloudamqp/amqp-client';

export async function serve(url: string) {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.prefetch(10);
  await ch.queueBind('orders', 'events', 'order.*');
  await ch.basicConsume('rpc', { noAck: false }, async (msg) => {
    // rabbitmq4-codemod(direct-reply-to-binding): remove the binding: a direct reply-to queue
    // receives only messages published to its own name on the default exchange; bind an ordinary
    // (exclusive) reply queue instead if replies must come through an exchange
    await ch.queueBind(msg.properties.replyTo!, 'events', 'order.*');
    await msg.ack();
  });
}
