import * as amqp from 'amqplib';
import { consumeOrders } from './consumers';

export async function startA() {
  const ch = await (await amqp.connect('amqp://a')).createChannel();
  await ch.prefetch(10);
  await consumeOrders(ch);
}
