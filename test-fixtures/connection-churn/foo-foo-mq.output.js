const rabbit = require('foo-foo-mq');
const express = require('express');

const app = express();

app.post('/reports', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): open the connection once (at start-up) and reuse it for
  // every message
  await rabbit.addConnection({ name: 'reports', host: 'localhost' });
  await rabbit.publish('ex.reports', { type: 'report', body: req.body, connectionName: 'reports' });
  await rabbit.close('reports');
  res.sendStatus(202);
});
