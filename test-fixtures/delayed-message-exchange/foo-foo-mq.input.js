const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { host: 'localhost' },
  exchanges: [
    { name: 'ex.delayed', type: 'x-delayed-message', arguments: { 'x-delayed-type': 'direct' } },
    // Negative: an ordinary exchange.
    { name: 'ex.events', type: 'topic' },
  ],
});

rabbit.addExchange('ex.later', 'x-delayed-message', { arguments: { 'x-delayed-type': 'fanout' } });
rabbit.addExchange('ex.fanout', 'fanout');
