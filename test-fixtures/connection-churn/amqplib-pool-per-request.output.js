const amqp = require('amqplib');
const express = require('express');

const app = express();

// The same written-out loop, run by each request: three connections per request, each closed after its message.
app.post('/broadcast', async (req, res) => {
  for (const region of ['eu', 'us', 'ap']) {
    // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in the HTTP
    // route handler at amqplib-pool-per-request.input.js:7): open it once at start-up and reuse it
    // for every request
    const connection = await amqp.connect(`amqp://${region}.rabbit.local`);
    // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in the HTTP route
    // handler at amqplib-pool-per-request.input.js:7): open it once at start-up and reuse it for
    // every request
    const channel = await connection.createChannel();
    channel.publish('broadcast', region, Buffer.from(JSON.stringify(req.body)));
    await connection.close();
  }
  res.sendStatus(202);
});

app.listen(3000);
