const rabbit = require('foo-foo-mq');
const express = require('express');

const app = express();

app.post('/reports', async (req, res) => {
  await rabbit.addConnection({ name: 'reports', host: 'localhost' });
  await rabbit.publish('ex.reports', { type: 'report', body: req.body, connectionName: 'reports' });
  await rabbit.close('reports');
  res.sendStatus(202);
});
