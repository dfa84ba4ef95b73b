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
        // rabbitmq4-codemod(unbounded-prefetch): set prefetch on the subscription to the number of
        // messages it may work on at once (rascal sends no prefetch for 0 or false; its default is
        // 10)
        reports: {
          queue: 'reports',
          prefetch: 0,
        },
      },
    }),
  );
  return broker.subscribe('reports');
}
