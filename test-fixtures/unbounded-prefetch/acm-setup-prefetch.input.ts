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
audit.consume('audit', (msg) => {
  audit.ack(msg);
});
