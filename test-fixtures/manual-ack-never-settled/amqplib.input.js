// The tutorial's consumer with the ack forgotten: amqplib's noAck defaults to false, so every delivery waits for an
// ack that never comes. With a prefetch the consumer stalls after 10 messages; without one it holds the whole queue.
const amqp = require('amqplib');

async function main() {
  const conn = await amqp.connect(process.env.AMQP_URL || 'amqp://localhost');
  const channel = await conn.createChannel();
  await channel.assertQueue('task_queue', { durable: true });
  await channel.prefetch(10);
  channel.consume('task_queue', (msg) => {
    if (msg === null) return;
    console.log(' [x] Received %s', msg.content.toString());
  });

  const logs = await conn.createChannel();
  const { queue } = await logs.assertQueue('', { exclusive: true });
  await logs.bindQueue(queue, 'logs', '');
  logs.consume(queue, (msg) => {
    console.log(' [x] %s', msg.content.toString());
  });
}

main();
