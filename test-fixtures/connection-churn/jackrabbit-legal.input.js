const jackrabbit = require('@pager/jackrabbit');
const express = require('express');

const app = express();
const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

app.post('/signup', (req, res) => {
  exchange.publish(req.body, { key: 'signups' });
  res.sendStatus(202);
});
