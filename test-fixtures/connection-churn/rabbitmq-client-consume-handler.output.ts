// A consumer that creates a publisher (a channel) for every message it forwards.
import { Connection } from 'rabbitmq-client';

const rabbit = new Connection(process.env.RABBIT_URL);

export const consumer = rabbit.createConsumer({ queue: 'orders', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async (msg) => {
  // rabbitmq4-codemod(connection-churn): this opens a channel once per message (in the consume
  // handler at rabbitmq-client-consume-handler.input.ts:6): open it once at start-up and reuse it
  // for every message
  const publisher = rabbit.createPublisher({ confirm: true });
  await publisher.send('invoices', msg.body);
  await publisher.close();
});
