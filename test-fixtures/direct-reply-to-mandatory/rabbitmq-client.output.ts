import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function serve() {
  const ch = await rabbit.acquire();
  await ch.confirmSelect();
  await ch.basicQos({ prefetchCount: 10 });
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.basicConsume({ queue: 'rpc' }, async (msg) => {
    // rabbitmq4-codemod(direct-reply-to-mandatory): do not rely on mandatory/'return' to detect a
    // departed requester: check that the reply-to queue still exists with a passive declare
    // (checkQueue) on a separate channel before replying, and let the requester time out
    await ch.basicPublish({ routingKey: msg.replyTo, correlationId: msg.correlationId, mandatory: true }, 'pong');
  });
}
