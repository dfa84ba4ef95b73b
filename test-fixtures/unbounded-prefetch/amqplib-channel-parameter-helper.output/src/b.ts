import * as amqp from 'amqplib';
import { consumeOrders } from './consumers';

export async function startB() {
  const ch = await (await amqp.connect('amqp://b')).createChannel();
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await consumeOrders(ch);
}
