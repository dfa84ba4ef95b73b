import express from 'express';
import RabbitMQ from './rabbitmq';

const app = express();

app.post('/orders', async (req, res) => {
  const channel = await RabbitMQ.getChannel();
  const sent = channel.sendToQueue('orders', Buffer.from(JSON.stringify(req.body)), { persistent: true });
  res.status(sent ? 202 : 503).send();
});

app.get('/health', async (_req, res) => {
  await RabbitMQ.getConnection();
  res.send('ok');
});

app.listen(3000);
