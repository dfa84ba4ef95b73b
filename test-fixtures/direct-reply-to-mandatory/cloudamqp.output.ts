import { AMQPClient } from '@cloudamqp/amqp-client';

export async function serve(url: string) {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.confirmSelect();
  await ch.prefetch(10);
  await ch.basicConsume('rpc', { noAck: false }, async (msg) => {
    // rabbitmq4-codemod(direct-reply-to-mandatory): do not rely on mandatory/'return' to detect a
    // departed requester: check that the reply-to queue still exists with a passive declare
    // (checkQueue) on a separate channel before replying, and let the requester time out
    await ch.basicPublish('', msg.properties.replyTo!, 'pong', { correlationId: msg.properties.correlationId }, true);
    await msg.ack();
  });
}
