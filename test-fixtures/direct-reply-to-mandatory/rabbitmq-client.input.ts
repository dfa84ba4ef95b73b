import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function serve() {
  const ch = await rabbit.acquire();
  await ch.confirmSelect();
  await ch.basicQos({ prefetchCount: 10 });
  await ch.basicConsume({ queue: 'rpc' }, async (msg) => {
    await ch.basicPublish({ routingKey: msg.replyTo, correlationId: msg.correlationId, mandatory: true }, 'pong');
  });
}
