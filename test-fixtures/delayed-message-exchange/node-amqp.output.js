const amqp = require('amqp');

const connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', () => {
  // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
  // to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
  // x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
  // (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
  // arbitrary delays, an external scheduler
  connection.exchange('reminders.delayed', { type: 'x-delayed-message', durable: true, arguments: { 'x-delayed-type': 'direct' } }, (exchange) => {
    exchange.publish('reminder', { id: 1 }, { headers: { 'x-delay': 60000 } });
  });
  connection.exchange('events', { type: 'topic', durable: true });
  // Pre-declared names and passive declarations are not declared with a type.
  connection.exchange('amq.direct', { type: 'x-delayed-message' });
  connection.exchange('checked', { type: 'x-delayed-message', passive: true });
});
