import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export function startAuditTrail() {
  return rabbit.createConsumer({
    queue: 'audit-log',
    queueOptions: {
      exclusive: false,
      arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' },
      durable: true,
    },
    qos: { prefetchCount: 100 },
    arguments: { 'x-stream-offset': 'first' },
  }, async (msg) => {
    console.log(msg.body);
  });
}

export async function declareMetrics() {
  await rabbit.queueDeclare({ queue: 'metrics', arguments: { 'x-queue-type': 'stream' }, durable: true });
}
