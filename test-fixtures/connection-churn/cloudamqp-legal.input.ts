import express from 'express';
import { AMQPClient } from '@cloudamqp/amqp-client';

const app = express();
const ready = new AMQPClient(process.env.AMQP_URL!).connect().then(async (conn) => {
  const ch = await conn.channel();
  await ch.confirmSelect();
  return ch;
});

app.post('/events', async (req, res) => {
  const ch = await ready;
  await ch.basicPublish('events', 'created', JSON.stringify(req.body));
  res.sendStatus(202);
});
