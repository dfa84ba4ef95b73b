const rabbit = require('foo-foo-mq');
const express = require('express');

const app = express();
const ready = rabbit.configure({ connection: { host: 'localhost' }, exchanges: [{ name: 'ex.reports', type: 'topic' }] });

app.post('/reports', async (req, res) => {
  await ready;
  await rabbit.publish('ex.reports', { type: 'report', body: req.body });
  res.sendStatus(202);
});
