// Subscriptions by name: rabbot consumes each queue with its own options (noAck false, and a prefetch only from its
// limit), configured in topology.js, or in options this project does not show.
const rabbit = require('rabbot');
const connect = require('./topology');

connect().then(() => {
  rabbit.handle('#', (msg) => {
    console.log(msg.body);
    msg.ack();
  });
  rabbit.startSubscription('orders');
  rabbit.startSubscription('audit');
  rabbit.startSubscription(process.env.EXTRA_QUEUE);
});
