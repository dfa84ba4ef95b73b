// A long-lived worker: its message handler publishes on the channel it already holds; close only on shutdown.
const amqp = require('amqplib');

async function start() {
  const connection = await amqp.connect('amqp://localhost');
  const channel = await connection.createChannel();
  await channel.prefetch(10);
  await channel.consume('orders', (msg) => {
    if (!msg) return;
    channel.publish('invoices', 'created', msg.content);
    channel.ack(msg);
  });
  process.on('SIGTERM', async () => {
    await channel.close();
    await connection.close();
  });
}

start();
