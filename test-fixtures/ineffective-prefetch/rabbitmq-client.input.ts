import { Connection } from 'rabbitmq-client';

export function startMetrics(rabbit: Connection) {
  return rabbit.createConsumer({
    queue: 'metrics',
    queueOptions: { durable: true },
    noAck: true,
    qos: { prefetchCount: 50 },
  }, async (msg) => {
    console.log(msg.body);
  });
}
