import * as amqp from 'amqplib';
import { consumeOrders } from './consumers';

export async function startB() {
  const ch = await (await amqp.connect('amqp://b')).createChannel();
  await consumeOrders(ch);
}
