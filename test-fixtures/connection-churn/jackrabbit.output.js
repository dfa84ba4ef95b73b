const jackrabbit = require('@pager/jackrabbit');
const express = require('express');

const app = express();

app.post('/signup', (req, res) => {
  // rabbitmq4-codemod(connection-churn): open the connection once (at start-up) and reuse it for
  // every message
  const rabbit = jackrabbit(process.env.RABBIT_URL);
  rabbit.default().publish(req.body, { key: 'signups' });
  res.sendStatus(202);
});
