// The service as its callers make it: one keeps the default, one asks for a transient queue.
const RpcService = require('../src/service');

async function main() {
  const kept = new RpcService({ name: 'orders', queue: { prefetch: 1 } });
  await kept.start('amqp://localhost');
  const transient = new RpcService({ name: 'scratch', queue: { durable: true } });
  await transient.start('amqp://localhost');
}

main();
