import express from 'express';
import { Connection } from 'rabbitmq-client';

const app = express();

app.post('/orders', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): open the connection once (at start-up) and reuse it for
  // every message
  const rabbit = new Connection('amqp://localhost');
  // rabbitmq4-codemod(connection-churn): open the channel once (at start-up) and reuse it for every
  // message
  const publisher = rabbit.createPublisher({ confirm: true });
  await publisher.send('orders', req.body);
  await publisher.close();
  await rabbit.close();
  res.sendStatus(202);
});
