import amqp from 'amqplib';
import { declareLogged, declareQueue, declareScratch } from './declare';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await declareQueue(ch, 'payments');
  await declareQueue(ch, 'cache', true);
  await declareScratch(ch, 'scratch');
  await declareScratch(ch, 'kept', true);
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: the parameter `durable` of declareLogged() is also used for
  // other things, so changing the argument would change them too)
  await declareLogged(ch, 'logged', false);
}
