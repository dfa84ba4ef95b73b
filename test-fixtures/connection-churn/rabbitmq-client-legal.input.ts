import express from 'express';
import { Connection } from 'rabbitmq-client';

const app = express();
const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({ confirm: true });

app.post('/orders', async (req, res) => {
  await publisher.send('orders', req.body);
  res.sendStatus(202);
});
