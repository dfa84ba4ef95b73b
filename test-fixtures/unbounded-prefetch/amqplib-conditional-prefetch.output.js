const amqp = require('amqplib');

async function startConsumer(channel, queue, handler, prefetch = null) {
  if (prefetch) await channel.prefetch(prefetch);
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await channel.consume(queue, async (msg) => {
    if (!msg) return;
    await handler(msg);
    channel.ack(msg);
  });
}

async function main() {
  const connection = await amqp.connect(process.env.AMQP_URL);
  await startConsumer(await connection.createChannel(), 'emails', sendEmail);
  await startConsumer(await connection.createChannel(), 'reports', buildReport, 5);
}

main();
