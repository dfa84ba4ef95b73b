module.exports = [
  { exchange: 'orders', queue: 'orders.created', routingKey: 'created', options: { durable: true } },
  { exchange: 'orders', queue: 'orders.cancelled', routingKey: 'cancelled', options: { durable: true, arguments: { 'x-queue-type': 'quorum' } } },
];
