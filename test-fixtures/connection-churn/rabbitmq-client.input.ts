import express from 'express';
import { Connection } from 'rabbitmq-client';

const app = express();

app.post('/orders', async (req, res) => {
  const rabbit = new Connection('amqp://localhost');
  const publisher = rabbit.createPublisher({ confirm: true });
  await publisher.send('orders', req.body);
  await publisher.close();
  await rabbit.close();
  res.sendStatus(202);
});
