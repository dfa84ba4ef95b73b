import { AMQPClient } from '@cloudamqp/amqp-client';

export async function serve(url: string) {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.confirmSelect();
  await ch.prefetch(10);
  await ch.basicConsume('rpc', { noAck: false }, async (msg) => {
    await ch.basicPublish('', msg.properties.replyTo!, 'pong', { correlationId: msg.properties.correlationId }, true);
    await msg.ack();
  });
}
