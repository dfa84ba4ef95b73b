// A route handler that creates a channel wrapper (a channel) for every request on the long-lived connection and
// closes it after use: a short-lived channel on a long-lived connection, as a request handler is meant to use one.
import amqp from 'amqp-connection-manager';
import express from 'express';

const connection = amqp.connect(['amqp://localhost']);
const app = express();

app.post('/events', async (req, res) => {
  const wrapper = connection.createChannel({ json: true });
  await wrapper.sendToQueue('events', req.body);
  await wrapper.close();
  res.sendStatus(202);
});
