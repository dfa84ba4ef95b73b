import amqp from 'amqplib';
import express from 'express';

// The same route, but the channel is never closed: every request leaves one open on the connection.
export async function start(url: string) {
  const connection = await amqp.connect(url);
  const app = express();
  app.post('/admin/purge/:name', async (req, res) => {
    const channel = await connection.createChannel();
    const { messageCount } = await channel.purgeQueue(req.params.name);
    res.json({ purged: messageCount });
  });
  app.listen(8080);
}
