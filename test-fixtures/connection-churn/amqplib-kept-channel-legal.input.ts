// A route handler that asks for a channel the module keeps: opened once, on the first request.
import amqp from 'amqplib';
import express from 'express';

let channel: amqp.Channel | undefined;

async function getChannel(): Promise<amqp.Channel> {
  if (channel) return channel;
  const conn = await amqp.connect('amqp://localhost');
  channel = await conn.createChannel();
  return channel;
}

class Publisher {
  private ch?: amqp.ConfirmChannel;
  constructor(private readonly conn: amqp.ChannelModel) {}

  async publish(body: Buffer) {
    if (!this.ch) this.ch = await this.conn.createConfirmChannel();
    this.ch.publish('events', 'created', body);
  }
}

const app = express();
app.post('/orders', async (req, res) => {
  const ch = await getChannel();
  ch.sendToQueue('orders', Buffer.from(JSON.stringify(req.body)));
  res.sendStatus(202);
});

export { app, Publisher };
