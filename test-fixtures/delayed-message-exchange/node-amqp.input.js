const amqp = require('amqp');

const connection = amqp.createConnection({ host: 'localhost' });

connection.on('ready', () => {
  connection.exchange('reminders.delayed', { type: 'x-delayed-message', durable: true, arguments: { 'x-delayed-type': 'direct' } }, (exchange) => {
    exchange.publish('reminder', { id: 1 }, { headers: { 'x-delay': 60000 } });
  });
  connection.exchange('events', { type: 'topic', durable: true });
  // Pre-declared names and passive declarations are not declared with a type.
  connection.exchange('amq.direct', { type: 'x-delayed-message' });
  connection.exchange('checked', { type: 'x-delayed-message', passive: true });
});
