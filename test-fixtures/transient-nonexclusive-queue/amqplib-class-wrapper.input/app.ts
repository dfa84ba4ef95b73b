import amqp from 'amqplib';
import { QueueDeclarer } from './declarer';

export async function main(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  const durable = new QueueDeclarer(ch);
  const transient = new QueueDeclarer(ch, false);
  await durable.declare('a');
  await transient.declare('b');
}
