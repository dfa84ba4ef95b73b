import { BrokerAsPromised, withDefaultConfig } from 'rascal';

export const broker = BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: {
      '/': {
        exchanges: {
          // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange
          // before moving to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3:
          // x-delayed-retry-type, x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a
          // TTL + dead-letter 'wait queue' (publish to a queue with x-message-ttl whose
          // x-dead-letter-exchange is the real exchange); for arbitrary delays, an external
          // scheduler
          delayed: { type: 'x-delayed-message', options: { arguments: { 'x-delayed-type': 'direct' } } },
          events: { type: 'fanout' },
        },
        queues: ['emails'],
      },
    },
  }),
);
