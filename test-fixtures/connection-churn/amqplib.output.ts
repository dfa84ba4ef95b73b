import amqp from 'amqplib';
import express from 'express';

const app = express();

app.post('/orders', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): open the connection once (at start-up) and reuse it for
  // every message
  const conn = await amqp.connect('amqp://localhost');
  // rabbitmq4-codemod(connection-churn): open the channel once (at start-up) and reuse it for every
  // message
  const ch = await conn.createConfirmChannel();
  ch.publish('orders', 'created', Buffer.from(JSON.stringify(req.body)));
  await ch.waitForConfirms();
  await conn.close();
  res.sendStatus(202);
});

export async function notify(conn: amqp.ChannelModel, users: string[]) {
  for (const user of users) {
    // rabbitmq4-codemod(connection-churn): open the channel once (at start-up) and reuse it for
    // every message
    const ch = await conn.createChannel();
    ch.sendToQueue('notifications', Buffer.from(user));
    await ch.close();
  }
}
