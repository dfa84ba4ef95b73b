import { Connection, ConsumerStatus } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export function startTracking() {
  // rabbitmq-client acknowledges when the handler resolves (noAck defaults to false).
  return rabbit.createConsumer({
    queue: 'page-views',
    queueOptions: { durable: true },
    qos: { prefetchCount: 50 },
  }, async (msg) => {
    if (!msg.body) return ConsumerStatus.DROP;
    await store(msg.body);
  });
}

export function startRpcReplies() {
  // Direct reply-to is consumed with automatic ack by design.
  return rabbit.createConsumer({ queue: 'amq.rabbitmq.reply-to', queueOptions: { passive: true }, noAck: true }, async () => {});
}

declare function store(body: unknown): Promise<void>;
