const jackrabbit = require('@pager/jackrabbit');
const express = require('express');

const app = express();

app.post('/signup', (req, res) => {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in the HTTP
  // route handler at jackrabbit.input.js:6): open it once at start-up and reuse it for every
  // request
  const rabbit = jackrabbit(process.env.RABBIT_URL);
  rabbit.default().publish(req.body, { key: 'signups' });
  res.sendStatus(202);
});
