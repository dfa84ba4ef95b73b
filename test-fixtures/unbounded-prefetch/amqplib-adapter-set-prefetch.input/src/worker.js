import Adapter from './adapter';

// Never sets a prefetch on its adapter: the consumer runs unbounded.
export async function startWorker(url) {
  const adapter = await Adapter.connect(url);
  await adapter.subscribe('jobs', { noAck: false }, async (job) => job);
}
