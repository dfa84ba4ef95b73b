// A subscriber that opens a channel for every message it answers.
import { AMQPClient } from '@cloudamqp/amqp-client';

export async function serve() {
  const conn = await new AMQPClient(process.env.AMQP_URL!).connect();
  const ch = await conn.channel();
  await ch.prefetch(10);
  const q = await ch.queue('requests');
  await q.subscribe({ noAck: false }, async (msg) => {
    const reply = await conn.channel();
    await reply.confirmSelect();
    await reply.basicPublish('', msg.properties.replyTo ?? 'replies', msg.bodyString());
    await reply.close();
    await msg.ack();
  });
}
