import express from 'express';
import { getChannel, openChannel } from './rabbit';

const app = express();

// The long-lived channel: every request writes into the same buffer.
app.post('/orders', async (req, res) => {
  const ch = await getChannel();
  ch.sendToQueue('orders', Buffer.from(JSON.stringify(req.body)));
  res.status(202).end();
});

// A channel per request, but a loop over the request's items on it: the loop fills its buffer.
app.post('/orders/bulk', async (req, res) => {
  const ch = await openChannel();
  for (const order of req.body.orders) {
    // rabbitmq4-codemod(publisher-backpressure): wait when the buffer is full:
    // `if (!ch.sendToQueue(...)) await once(ch, 'drain')` (once from node:events), so that the loop
    // waits instead of the memory growing; publisher confirms do not do this (they say the broker
    // has the message, not that the buffer has room)
    ch.sendToQueue('orders', Buffer.from(JSON.stringify(order)));
  }
  await ch.close();
  res.status(202).end();
});

app.listen(3000);
