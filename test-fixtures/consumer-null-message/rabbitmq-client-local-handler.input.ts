import { Connection, type AsyncMessage } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

// A local handler that reads the message unguarded: rabbitmq-client never passes null (a broker cancel is a 'basic.cancel' event).
export const sub = rabbit.createConsumer({ queue: 'page-views', queueOptions: { durable: true }, qos: { prefetchCount: 50 } }, onView);

async function onView(msg: AsyncMessage) {
  await store(msg.body, msg.headers);
}

declare function store(body: unknown, headers: unknown): Promise<void>;
