const amqp = require('amqplib');

(async () => {
  const conn = await amqp.connect('amqp://localhost');
  const ch = await conn.createChannel();
  // The sender beside it declares 'tasks' without a TTL: whichever starts second is refused.
  await ch.assertQueue('tasks', { durable: true, messageTtl: 60000 });
  await ch.prefetch(1);
  await ch.consume('tasks', (msg) => {
    if (!msg) return;
    console.log(msg.content.toString());
    ch.ack(msg);
  });
})();
