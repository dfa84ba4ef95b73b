import amqp from 'amqplib';
import express from 'express';

// An admin API on one long-lived connection: each request checks a queue on a channel of its own, closed in finally
// (a failed checkQueue closes the channel, so a shared one would be lost for every later request).
export async function start(url: string) {
  const connection = await amqp.connect(url);
  const app = express();
  app.get('/admin/queues/:name', async (req, res) => {
    const channel = await connection.createChannel();
    try {
      const { messageCount, consumerCount } = await channel.checkQueue(req.params.name);
      res.json({ messageCount, consumerCount });
    } catch {
      res.status(404).end();
    } finally {
      await channel.close().catch(() => undefined);
    }
  });
  app.listen(8080);
}
