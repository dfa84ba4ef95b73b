const amqp = require('amqplib');
const express = require('express');

const app = express();

// The same written-out loop, run by each request: three connections per request, each closed after its message.
app.post('/broadcast', async (req, res) => {
  for (const region of ['eu', 'us', 'ap']) {
    const connection = await amqp.connect(`amqp://${region}.rabbit.local`);
    const channel = await connection.createChannel();
    channel.publish('broadcast', region, Buffer.from(JSON.stringify(req.body)));
    await connection.close();
  }
  res.sendStatus(202);
});

app.listen(3000);
