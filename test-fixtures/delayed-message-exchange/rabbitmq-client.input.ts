import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function setup(): Promise<void> {
  await rabbit.exchangeDeclare({ exchange: 'delayed', type: 'x-delayed-message', durable: true, arguments: { 'x-delayed-type': 'direct' } });
  const ch = await rabbit.acquire();
  await ch.basicPublish({ exchange: 'delayed', routingKey: 'jobs', headers: { 'x-delay': 60000 } }, 'payload');
}

export const publisher = rabbit.createPublisher({
  confirm: true,
  exchanges: [{ exchange: 'retry', type: 'x-delayed-message', arguments: { 'x-delayed-type': 'topic' } }],
});

export async function retryLater(body: object): Promise<void> {
  await publisher.send({ exchange: 'retry', routingKey: 'jobs.retry', headers: { 'x-delay': 5000 } }, body);
}
