// A route handler that creates a channel wrapper (a channel) for every request and never closes it.
import amqp from 'amqp-connection-manager';
import express from 'express';

const connection = amqp.connect(['amqp://localhost']);
const app = express();

app.post('/events', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in the HTTP route
  // handler at amqp-connection-manager.input.ts:8): open it once at start-up and reuse it for every
  // request
  const wrapper = connection.createChannel({ json: true });
  await wrapper.sendToQueue('events', req.body);
  res.sendStatus(202);
});
