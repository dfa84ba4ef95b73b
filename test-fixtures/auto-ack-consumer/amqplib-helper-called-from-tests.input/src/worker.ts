import * as amqp from 'amqplib';
import { consumeFrom } from './consume';

export async function start() {
  const ch = await (await amqp.connect(process.env.AMQP_URL!)).createChannel();
  await ch.prefetch(20);
  await consumeFrom(ch, 'orders', (msg) => msg && ch.ack(msg), { noAck: false });
}
