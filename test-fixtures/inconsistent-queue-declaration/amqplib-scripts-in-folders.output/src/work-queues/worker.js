const amqp = require('amqplib');

(async () => {
  const conn = await amqp.connect('amqp://localhost');
  const ch = await conn.createChannel();
  // Another example in another folder declares 'tasks' as a quorum queue: only if both run against one broker.
  await ch.assertQueue('tasks', { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  await ch.prefetch(1);
  await ch.consume('tasks', (msg) => {
    if (!msg) return;
    setTimeout(() => ch.ack(msg), 1000);
  });
})();
