import { Connection } from 'rabbitmq-client';

export function startMetrics(rabbit: Connection) {
  // rabbitmq4-codemod(auto-ack-consumer): remove noAck: true from the createConsumer props
  // (rabbitmq-client then acknowledges each message when the handler resolves, and requeues it when
  // the handler throws) and set qos: { prefetchCount: 10 }
  return rabbit.createConsumer({
    queue: 'metrics',
    queueOptions: { durable: true },
    noAck: true,
    qos: { prefetchCount: 50 },
  }, async (msg) => {
    console.log(msg.body);
  });
}
