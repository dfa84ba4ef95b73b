// The tutorial's consumer with the ack forgotten: amqplib's noAck defaults to false, so every delivery waits for an
// ack that never comes. With a prefetch the consumer stalls after 10 messages; without one it holds the whole queue.
const amqp = require('amqplib');

async function main() {
  const conn = await amqp.connect(process.env.AMQP_URL || 'amqp://localhost');
  const channel = await conn.createChannel();
  await channel.assertQueue('task_queue', { durable: true });
  await channel.prefetch(10);
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  channel.consume('task_queue', (msg) => {
    if (msg === null) return;
    console.log(' [x] Received %s', msg.content.toString());
  });

  const logs = await conn.createChannel();
  const { queue } = await logs.assertQueue('', { exclusive: true });
  await logs.bindQueue(queue, 'logs', '');
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  logs.consume(queue, (msg) => {
    console.log(' [x] %s', msg.content.toString());
  });
}

main();
