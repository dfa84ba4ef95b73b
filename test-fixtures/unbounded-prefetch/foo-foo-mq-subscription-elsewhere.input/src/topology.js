// The service's topology: subscribed to by name from the worker module.
const rabbit = require('rabbot');

module.exports = function connect() {
  return rabbit.configure({
    connection: { server: process.env.RABBIT_HOST, replyQueue: false },
    queues: [
      { name: 'orders', limit: 20 },
      { name: 'audit' },
    ],
  });
};
