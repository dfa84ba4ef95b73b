import Adapter from './adapter';

// Never sets a prefetch on its adapter: the consumer runs unbounded.
export async function startWorker(url) {
  const adapter = await Adapter.connect(url);
  // rabbitmq4-codemod(unbounded-prefetch): call setPrefetch(N) on that object before this call,
  // with N the number of messages the handler may work on at once (10 to 100 is typical)
  await adapter.subscribe('jobs', { noAck: false }, async (job) => job);
}
