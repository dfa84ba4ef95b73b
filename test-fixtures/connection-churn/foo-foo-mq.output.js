const rabbit = require('foo-foo-mq');
const express = require('express');

const app = express();

app.post('/reports', async (req, res) => {
  // rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
  // sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
  // connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
  // limit: 10 } so that its replies come with a prefetch
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in the HTTP
  // route handler at foo-foo-mq.input.js:6): open it once at start-up and reuse it for every
  // request
  await rabbit.addConnection({ name: 'reports', host: 'localhost' });
  await rabbit.publish('ex.reports', { type: 'report', body: req.body, connectionName: 'reports' });
  await rabbit.close('reports');
  res.sendStatus(202);
});
