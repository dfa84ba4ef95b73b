// A consumer that creates a publisher (a channel) for every message it forwards.
import { Connection } from 'rabbitmq-client';

const rabbit = new Connection(process.env.RABBIT_URL);

export const consumer = rabbit.createConsumer({ queue: 'orders', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async (msg) => {
  const publisher = rabbit.createPublisher({ confirm: true });
  await publisher.send('invoices', msg.body);
  await publisher.close();
});
