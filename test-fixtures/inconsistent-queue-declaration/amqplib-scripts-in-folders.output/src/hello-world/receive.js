const amqp = require('amqplib');

(async () => {
  const conn = await amqp.connect('amqp://localhost');
  const ch = await conn.createChannel();
  // The sender beside it declares 'tasks' without a TTL: whichever starts second is refused.
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'tasks' the same way in every
  // place (one shared declaration or the same options) and deploy the change to every service at
  // once; a queue that exists keeps the settings it was made with, so recreate it (drain, delete,
  // redeclare) or move to a new name when its settings change
  await ch.assertQueue('tasks', { durable: true, messageTtl: 60000 });
  await ch.prefetch(1);
  await ch.consume('tasks', (msg) => {
    if (!msg) return;
    console.log(msg.content.toString());
    ch.ack(msg);
  });
})();
