const amqp = require('amqplib');

// The same worker, calling its setup at start-up: the declaration runs.
async function setupQueues(channel) {
  await channel.assertQueue('invoices', { durable: true, arguments: { 'x-queue-type': 'quorum' } });
}

async function start() {
  const conn = await amqp.connect(process.env.AMQP_URL);
  const channel = await conn.createChannel();
  await setupQueues(channel);
  await channel.prefetch(10);
  await channel.consume('invoices', (msg) => {
    if (!msg) return;
    channel.ack(msg);
  });
}

start();
