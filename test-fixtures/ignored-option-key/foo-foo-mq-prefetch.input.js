// foo-foo-mq reads a queue's prefetch from `limit`: `prefetch` never arrives.
const rabbit = require('foo-foo-mq');

rabbit.configure({
  connection: { uri: process.env.AMQP_URL, replyQueue: false },
  queues: [
    { name: 'emails', subscribe: true, prefetch: 5 },
    { name: 'sms', subscribe: true, limit: 5 },
  ],
});
