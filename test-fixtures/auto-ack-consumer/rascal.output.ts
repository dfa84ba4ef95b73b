import { BrokerAsPromised, withDefaultConfig } from 'rascal';

const broker = await BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: {
      '/': {
        queues: ['metrics'],
        subscriptions: {
          // rabbitmq4-codemod(auto-ack-consumer): set options.noAck to false on the subscription
          // (rascal's default) and call ackOrNack() in the 'message' handler after its work; the
          // subscription's prefetch (10 by default) then limits what the broker pushes
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
