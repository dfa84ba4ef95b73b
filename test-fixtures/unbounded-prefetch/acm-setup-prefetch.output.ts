import amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);

const orders = connection.createChannel({
  json: true,
  setup: async (channel) => {
    await channel.assertQueue('orders', { durable: true });
    await channel.prefetch(5);
  },
});
orders.consume('orders', (msg) => {
  orders.ack(msg);
});

const audit = connection.createChannel({
  setup: (channel) => channel.assertQueue('audit', { durable: true }),
});
// rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N the
// number of messages the handler may work on at once (10 to 100 is typical)
audit.consume('audit', (msg) => {
  audit.ack(msg);
});
