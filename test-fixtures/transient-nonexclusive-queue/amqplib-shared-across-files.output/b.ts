import amqp from 'amqplib';
import { SHARED, TRANSIENT } from './options';

export async function b(ch: amqp.Channel) {
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: the value it would change is shared with ch.assertQueue() at
  // a.ts:5, which does not need the same change; change it for this declaration only)
  await ch.assertQueue('shared', SHARED);
  await ch.assertQueue('b', TRANSIENT);
}
