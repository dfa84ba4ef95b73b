import { BrokerAsPromised, withDefaultConfig } from 'rascal';

export const broker = BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: {
      '/': {
        queues: {
          events: { options: { arguments: { 'x-queue-type': 'stream' } } },
        },
        subscriptions: {
          // rabbitmq4-codemod(stream-consumer-requirements): consume the stream with rascal's
          // defaults: options.noAck false (call ackOrNack() for each message) and a prefetch above
          // 0 on the subscription
          tail: { queue: 'events', options: { noAck: true, arguments: { 'x-stream-offset': 'last' } } },
          // rabbitmq4-codemod(stream-consumer-requirements): consume the stream with rascal's
          // defaults: options.noAck false (call ackOrNack() for each message) and a prefetch above
          // 0 on the subscription
          replay: { queue: 'events', prefetch: 0, options: { arguments: { 'x-stream-offset': 'first' } } },
        },
      },
    },
  }),
);
