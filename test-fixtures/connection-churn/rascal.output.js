const express = require('express');
const { BrokerAsPromised, withDefaultConfig } = require('rascal');
const config = require('./rascal.json');

const app = express();

app.post('/orders', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): create the broker once at start-up and reuse it
  // (broker.publish, broker.subscribe) for every message or request
  const broker = await BrokerAsPromised.create(withDefaultConfig(config));
  await broker.publish('order_created', req.body);
  await broker.shutdown();
  res.sendStatus(202);
});

app.listen(3000);
