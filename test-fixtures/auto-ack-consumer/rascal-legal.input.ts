import { BrokerAsPromised, withDefaultConfig } from 'rascal';

const broker = await BrokerAsPromised.create(
  withDefaultConfig({
    vhosts: { '/': { queues: ['orders'] } },
    subscriptions: { orders: { queue: 'orders', prefetch: 20 } },
  }),
);

const subscription = await broker.subscribe('orders');
subscription.on('message', async (message, content, ackOrNack) => {
  await handle(content);
  ackOrNack();
});

async function handle(content: unknown) {}
