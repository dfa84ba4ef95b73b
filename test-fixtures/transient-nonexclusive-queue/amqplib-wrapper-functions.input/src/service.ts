import amqp from 'amqplib';
import { declareLogged, declareQueue, declareScratch } from './declare';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await declareQueue(ch, 'payments');
  await declareQueue(ch, 'cache', false);
  await declareScratch(ch, 'scratch');
  await declareScratch(ch, 'kept', true);
  await declareLogged(ch, 'logged', false);
}
