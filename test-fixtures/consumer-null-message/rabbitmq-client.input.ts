import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

// rabbitmq-client reports a broker cancel as an 'error' event and re-subscribes: the handler never gets null.
export const sub = rabbit.createConsumer({ queue: 'page-views', queueOptions: { durable: true }, qos: { prefetchCount: 50 } }, async (msg) => {
  await store(msg.body);
});

declare function store(body: unknown): Promise<void>;
