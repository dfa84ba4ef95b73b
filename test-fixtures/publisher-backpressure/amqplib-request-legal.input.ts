import amqp from 'amqplib';
import express from 'express';

// One message per HTTP request: while the broker blocks the connection, the buffer grows with every request.
export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  const app = express();
  app.post('/orders', (req, res) => {
    ch.publish('orders', 'created', Buffer.from(JSON.stringify(req.body)));
    res.status(202).end();
  });
  app.listen(3000);
}
