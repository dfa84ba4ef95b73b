import amqp from 'amqplib';
import express from 'express';

// The same route, but the channel is never closed: every request leaves one open on the connection.
export async function start(url: string) {
  const connection = await amqp.connect(url);
  const app = express();
  app.post('/admin/purge/:name', async (req, res) => {
    // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in the HTTP route
    // handler at src/admin.ts:8): open it once at start-up and reuse it for every request
    const channel = await connection.createChannel();
    const { messageCount } = await channel.purgeQueue(req.params.name);
    res.json({ purged: messageCount });
  });
  app.listen(8080);
}
