// One manager and one channel wrapper per process, used by every request.
import amqp from 'amqp-connection-manager';
import express from 'express';

const connection = amqp.connect(['amqp://localhost']);
const wrapper = connection.createChannel({ json: true });
const app = express();

app.post('/events', async (req, res) => {
  await wrapper.sendToQueue('events', req.body);
  res.sendStatus(202);
});
