import * as amqp from 'amqplib';
import { Bus } from './bus';

export async function main() {
  const ch = await (await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost')).createChannel();
  const bus = new Bus(ch);
  await bus.subscribe('events', (m) => console.log(m));
  await bus.subscribe('orders', { noAck: false }, (m) => m && ch.ack(m));
}
