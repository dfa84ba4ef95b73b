const amqp = require('amqplib');

// A worker whose quorum setup was written but is never called: start() declares nothing itself and consumes a
// queue the deployment creates. Whether setupQueues() ever runs is not seen in the repository.
async function setupQueues(channel) {
  await channel.assertQueue('invoices', { durable: true, arguments: { 'x-queue-type': 'quorum' } });
}

async function start() {
  const conn = await amqp.connect(process.env.AMQP_URL);
  const channel = await conn.createChannel();
  await channel.prefetch(10);
  await channel.consume('invoices', (msg) => {
    if (!msg) return;
    channel.ack(msg);
  });
}

start();
