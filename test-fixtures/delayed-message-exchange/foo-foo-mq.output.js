const rabbit = require('foo-foo-mq');

// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
// rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
// to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
// x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
// (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
// arbitrary delays, an external scheduler
rabbit.configure({
  connection: { host: 'localhost' },
  exchanges: [
    { name: 'ex.delayed', type: 'x-delayed-message', arguments: { 'x-delayed-type': 'direct' } },
    // Negative: an ordinary exchange.
    { name: 'ex.events', type: 'topic' },
  ],
});

// rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
// to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
// x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
// (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
// arbitrary delays, an external scheduler
rabbit.addExchange('ex.later', 'x-delayed-message', { arguments: { 'x-delayed-type': 'fanout' } });
rabbit.addExchange('ex.fanout', 'fanout');
