import express from 'express';
import { Connection } from 'rabbitmq-client';

const app = express();

app.post('/orders', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in the HTTP
  // route handler at rabbitmq-client.input.ts:6): open it once at start-up and reuse it for every
  // request
  const rabbit = new Connection('amqp://localhost');
  // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in the HTTP route
  // handler at rabbitmq-client.input.ts:6): open it once at start-up and reuse it for every request
  const publisher = rabbit.createPublisher({ confirm: true });
  await publisher.send('orders', req.body);
  await publisher.close();
  await rabbit.close();
  res.sendStatus(202);
});
