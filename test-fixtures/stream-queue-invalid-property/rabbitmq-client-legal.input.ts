import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export function startAuditTrail() {
  return rabbit.createConsumer({
    queue: 'audit-log',
    queueOptions: { durable: true, arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } },
    qos: { prefetchCount: 100 },
    arguments: { 'x-stream-offset': 'first' },
  }, async (msg) => {
    console.log(msg.body);
  });
}
