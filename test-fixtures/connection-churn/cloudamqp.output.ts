import express from 'express';
import { AMQPClient } from '@cloudamqp/amqp-client';

const app = express();

app.post('/events', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): open the connection once (at start-up) and reuse it for
  // every message
  const conn = await new AMQPClient(process.env.AMQP_URL!).connect();
  // rabbitmq4-codemod(connection-churn): open the channel once (at start-up) and reuse it for every
  // message
  const ch = await conn.channel();
  await ch.confirmSelect();
  await ch.basicPublish('events', 'created', JSON.stringify(req.body));
  await conn.close();
  res.sendStatus(202);
});
