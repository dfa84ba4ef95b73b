import amqp from 'amqplib';
import express from 'express';

const app = express();

app.post('/orders', async (req, res) => {
  const conn = await amqp.connect('amqp://localhost');
  const ch = await conn.createConfirmChannel();
  ch.publish('orders', 'created', Buffer.from(JSON.stringify(req.body)));
  await ch.waitForConfirms();
  await conn.close();
  res.sendStatus(202);
});

export async function notify(conn: amqp.ChannelModel, users: string[]) {
  for (const user of users) {
    const ch = await conn.createChannel();
    ch.sendToQueue('notifications', Buffer.from(user));
    await ch.close();
  }
}
