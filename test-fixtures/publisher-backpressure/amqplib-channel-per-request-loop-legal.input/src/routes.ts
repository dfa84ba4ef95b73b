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
    ch.sendToQueue('orders', Buffer.from(JSON.stringify(order)));
  }
  await ch.close();
  res.status(202).end();
});

app.listen(3000);
