import amqp from 'amqplib';
import { QUEUE_DURABLE } from './config';

export async function start(ch: amqp.Channel) {
  await ch.assertQueue('configurable', { durable: QUEUE_DURABLE });
}
