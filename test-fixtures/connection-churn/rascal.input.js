const express = require('express');
const { BrokerAsPromised, withDefaultConfig } = require('rascal');
const config = require('./rascal.json');

const app = express();

app.post('/orders', async (req, res) => {
  const broker = await BrokerAsPromised.create(withDefaultConfig(config));
  await broker.publish('order_created', req.body);
  await broker.shutdown();
  res.sendStatus(202);
});

app.listen(3000);
