const amqp = require('amqplib');

(async () => {
  const conn = await amqp.connect('amqp://localhost');
  const ch = await conn.createChannel();
  await ch.assertQueue('tasks', { durable: true });
  ch.sendToQueue('tasks', Buffer.from('hello'));
  setTimeout(() => conn.close(), 500);
})();
