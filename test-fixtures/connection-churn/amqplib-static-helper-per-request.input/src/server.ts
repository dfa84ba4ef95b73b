import express from 'express';
import { Publisher } from './rabbitmq';

const app = express();

app.post('/orders', async (req, res) => {
  await Publisher.send('orders', req.body);
  res.status(202).send();
});

app.listen(3000);
