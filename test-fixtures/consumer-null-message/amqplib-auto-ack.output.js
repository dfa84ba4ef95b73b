// Tutorial-style consumers: one with automatic ack (it never holds a delivery: only deleting the queue cancels it),
// one with manual ack on a queue whose type the code does not declare (4.3's consumer timeout applies to quorum queues).
import { connect } from 'amqplib';

const connection = await connect('amqp://guest:guest@localhost:5672/');
const channel = await connection.createChannel();

// rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
// handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
await channel.consume(
  'email',
  function (message) {
    console.info(message.fields.routingKey);
    console.info(message.content.toString());
  },
  {
    noAck: true,
  },
);

// rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N the
// number of messages the handler may work on at once (10 to 100 is typical)
await channel.consume('sms', async function (message) {
  if (message === null) { /* consumer cancelled by the broker */ return; }
  console.info(message.content.toString());
  channel.ack(message);
});
