import amqp from 'amqplib';
import { SHARED, TRANSIENT } from './options';

export async function b(ch: amqp.Channel) {
  await ch.assertQueue('shared', SHARED);
  await ch.assertQueue('b', TRANSIENT);
}
