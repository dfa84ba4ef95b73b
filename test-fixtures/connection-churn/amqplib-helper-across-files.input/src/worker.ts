import amqp from 'amqplib';
import { publishResult } from './publisher';

export async function work(conn: amqp.ChannelModel) {
  const ch = await conn.createChannel();
  await ch.prefetch(1);
  await ch.consume('jobs', async (msg) => {
    if (!msg) return;
    await publishResult(msg.content);
    ch.ack(msg);
  });
}
