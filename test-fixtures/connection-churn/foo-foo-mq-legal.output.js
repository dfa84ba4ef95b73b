const rabbit = require('foo-foo-mq');
const express = require('express');

const app = express();
// rabbitmq4-codemod(unbounded-prefetch): give the connection replyQueue: false if this process
// sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every
// connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true,
// limit: 10 } so that its replies come with a prefetch
const ready = rabbit.configure({ connection: { host: 'localhost' }, exchanges: [{ name: 'ex.reports', type: 'topic' }] });

app.post('/reports', async (req, res) => {
  await ready;
  await rabbit.publish('ex.reports', { type: 'report', body: req.body });
  res.sendStatus(202);
});
