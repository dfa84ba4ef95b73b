import amqp from 'amqplib';
import express from 'express';

const app = express();

app.post('/orders', async (req, res) => {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in the HTTP
  // route handler at amqplib.input.ts:6): open it once at start-up and reuse it for every request
  const conn = await amqp.connect('amqp://localhost');
  // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in the HTTP route
  // handler at amqplib.input.ts:6): open it once at start-up and reuse it for every request
  const ch = await conn.createConfirmChannel();
  ch.publish('orders', 'created', Buffer.from(JSON.stringify(req.body)));
  await ch.waitForConfirms();
  await conn.close();
  res.sendStatus(202);
});

export async function notify(conn: amqp.ChannelModel, users: string[]) {
  for (const user of users) {
    // rabbitmq4-codemod(connection-churn): this opens a channel once per item (in each run of the
    // loop at amqplib.input.ts:16): open it once at start-up and reuse it for every item
    const ch = await conn.createChannel();
    ch.sendToQueue('notifications', Buffer.from(user));
    await ch.close();
  }
}
