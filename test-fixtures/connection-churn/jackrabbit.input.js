const jackrabbit = require('@pager/jackrabbit');
const express = require('express');

const app = express();

app.post('/signup', (req, res) => {
  const rabbit = jackrabbit(process.env.RABBIT_URL);
  rabbit.default().publish(req.body, { key: 'signups' });
  res.sendStatus(202);
});
