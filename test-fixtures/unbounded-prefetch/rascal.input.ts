import { BrokerAsPromised, withDefaultConfig } from 'rascal';

export async function start() {
  const broker = await BrokerAsPromised.create(
    withDefaultConfig({
      vhosts: {
        '/': {
          queues: ['reports'],
        },
      },
      subscriptions: {
        reports: {
          queue: 'reports',
          prefetch: 0,
        },
      },
    }),
  );
  return broker.subscribe('reports');
}
