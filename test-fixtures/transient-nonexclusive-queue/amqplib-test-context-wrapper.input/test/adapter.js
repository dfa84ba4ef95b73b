// ava integration tests: the adapter comes from t.context, which beforeEach sets.
const test = require('ava');
const Adapter = require('../src/adapter');

test.beforeEach(async (t) => {
  const ctx = {};
  t.context = ctx;
  ctx.adapter = await Adapter.connect(process.env.RABBITMQ_URL);
});

test('consumes what it sends', async (t) => {
  const { adapter } = t.context;
  // Refused: durable false reaches assertQueue through ...params.
  await adapter.ensureQueue({ name: 'it.consume', durable: false });
  // Manual ack (options default to {}), and nothing sets a prefetch on the adapter's channel: unsafe.
  await adapter.subscribe('it.consume', async (msg) => msg);
  t.pass();
});

test('refuses a subscription without a handler', async (t) => {
  const { adapter } = t.context;
  // Legal: durable by amqplib's default.
  await adapter.ensureQueue({ name: 'it.nohandler' });
  // No consumer: subscribe throws before it consumes (handler is not a function).
  await t.throwsAsync(adapter.subscribe('it.nohandler', { noAck: true }));
});
