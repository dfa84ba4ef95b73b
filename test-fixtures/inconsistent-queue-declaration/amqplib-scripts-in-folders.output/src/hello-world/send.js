const amqp = require('amqplib');

(async () => {
  const conn = await amqp.connect('amqp://localhost');
  const ch = await conn.createChannel();
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'tasks' the same way in every
  // place (one shared declaration or the same options) and deploy the change to every service at
  // once; a queue that exists keeps the settings it was made with, so recreate it (drain, delete,
  // redeclare) or move to a new name when its settings change
  await ch.assertQueue('tasks', { durable: true });
  ch.sendToQueue('tasks', Buffer.from('hello'));
  setTimeout(() => conn.close(), 500);
})();
