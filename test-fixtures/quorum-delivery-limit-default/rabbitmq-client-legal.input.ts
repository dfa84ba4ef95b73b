import { Connection } from 'rabbitmq-client';

export function startBilling(rabbit: Connection) {
  return rabbit.createConsumer({
    queue: 'billing',
    queueOptions: {
      durable: true,
      arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10, 'x-dead-letter-exchange': 'billing.dlx' },
    },
    qos: { prefetchCount: 10 },
  }, async (msg) => {
    console.log(msg.body);
  });
}
