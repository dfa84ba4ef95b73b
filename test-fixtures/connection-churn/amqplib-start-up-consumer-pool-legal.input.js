const amqp = require('amqplib');

const queue = 'tasks';

// Five competing consumers started once: a connection and a channel each, kept open until SIGINT. The loop's count
// is written out and it runs once, at start-up: a pool, not a connection per message.
(async () => {
  try {
    for (let i = 0; i < 5; i++) {
      const connection = await amqp.connect('amqp://localhost');
      const channel = await connection.createChannel();
      process.once('SIGINT', async () => {
        await channel.close();
        await connection.close();
      });

      await channel.assertQueue(queue, { durable: true });
      await channel.prefetch(1);
      await channel.consume(queue, (message) => {
        console.log(`[Consumer ${i}] Received message: `, message.content.toString());
        channel.ack(message);
      });
    }
  } catch (err) {
    console.warn(err);
  }
})();
