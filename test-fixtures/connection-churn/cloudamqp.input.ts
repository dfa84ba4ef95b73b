import express from 'express';
import { AMQPClient } from '@cloudamqp/amqp-client';

const app = express();

app.post('/events', async (req, res) => {
  const conn = await new AMQPClient(process.env.AMQP_URL!).connect();
  const ch = await conn.channel();
  await ch.confirmSelect();
  await ch.basicPublish('events', 'created', JSON.stringify(req.body));
  await conn.close();
  res.sendStatus(202);
});
