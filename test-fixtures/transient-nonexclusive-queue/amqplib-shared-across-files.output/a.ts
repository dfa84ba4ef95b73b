import amqp from 'amqplib';
import { SHARED, TRANSIENT } from './options';

export async function a(ch: amqp.Channel) {
  await ch.assertQueue('private', { ...SHARED, exclusive: true });
  await ch.assertQueue('a', TRANSIENT);
}
