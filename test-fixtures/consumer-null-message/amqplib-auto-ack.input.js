// Tutorial-style consumers: one with automatic ack (it never holds a delivery: only deleting the queue cancels it),
// one with manual ack on a queue whose type the code does not declare (4.3's consumer timeout applies to quorum queues).
import { connect } from 'amqplib';

const connection = await connect('amqp://guest:guest@localhost:5672/');
const channel = await connection.createChannel();

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

await channel.consume('sms', async function (message) {
  console.info(message.content.toString());
  channel.ack(message);
});
