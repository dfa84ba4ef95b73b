import express from 'express';
import Router from 'koa-router';
import { createChannel } from './rabbit';
import { QueueAdapter } from './adapter';
const sendMessage = require('./sender');

const app = express();
const router = new Router();
const adapter = new QueueAdapter();

app.post('/users', (req, res) => {
  sendMessage('users', JSON.stringify(req.body));
  res.status(202).end();
});

app.post('/orders', async (req, res) => {
  await adapter.send(req.body, 'orders');
  res.status(202).end();
});

router.get('/publish', async (ctx) => {
  const ch = await createChannel();
  ch.publish('logs', '', Buffer.from(String(ctx.query.msg ?? '')));
  ctx.body = 'ok';
});

app.listen(3000);
