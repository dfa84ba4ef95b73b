import * as Amqp from 'amqp-ts';
import express from 'express';

const app = express();

app.post('/jobs', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in the HTTP
  // route handler at amqp-ts.input.ts:6): open it once at start-up and reuse it for every request
  const connection = new Amqp.Connection('amqp://localhost');
  const jobs = connection.declareQueue('jobs');
  jobs.send(new Amqp.Message(req.body));
  await connection.close();
  res.sendStatus(202);
});
