import { BrokerAsPromised, withDefaultConfig } from 'rascal';

export async function start() {
  const broker = await BrokerAsPromised.create(
    withDefaultConfig({
      vhosts: { '/': { queues: ['reports', 'exports'] } },
      subscriptions: {
        reports: { queue: 'reports' },
        exports: { queue: 'exports', prefetch: 25 },
      },
    }),
  );
  return broker.subscribe('reports');
}
