import * as Amqp from 'amqp-ts';
import express from 'express';

const app = express();
const connection = new Amqp.Connection('amqp://localhost');
const jobs = connection.declareQueue('jobs');

app.post('/jobs', (req, res) => {
  jobs.send(new Amqp.Message(req.body));
  res.sendStatus(202);
});
