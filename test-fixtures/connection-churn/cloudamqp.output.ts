import express from 'express';
import { AMQPClient } from '@cloudamqp/amqp-client';

const app = express();

app.post('/events', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in the HTTP
  // route handler at cloudamqp.input.ts:6): open it once at start-up and reuse it for every request
  const conn = await new AMQPClient(process.env.AMQP_URL!).connect();
  // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in the HTTP route
  // handler at cloudamqp.input.ts:6): open it once at start-up and reuse it for every request
  const ch = await conn.channel();
  await ch.confirmSelect();
  await ch.basicPublish('events', 'created', JSON.stringify(req.body));
  await conn.close();
  res.sendStatus(202);
});
