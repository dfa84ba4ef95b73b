import { BrokerAsPromised, withDefaultConfig } from 'rascal';

const broker = await BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: {
      '/': {
        queues: ['metrics'],
        subscriptions: {
          metrics: {
            queue: 'metrics',
            contentType: 'application/json',
            options: { noAck: true },
          },
        },
      },
    },
  }),
);

const subscription = await broker.subscribe('metrics');
subscription.on('message', (message, content) => {
  console.log(content);
});
