const express = require('express');
const { BrokerAsPromised, withDefaultConfig } = require('rascal');
const config = require('./rascal.json');

async function main() {
  const broker = await BrokerAsPromised.create(withDefaultConfig(config));
  const app = express();
  app.post('/orders', async (req, res) => {
    await broker.publish('order_created', req.body);
    res.sendStatus(202);
  });
  app.listen(3000);
}

main();
