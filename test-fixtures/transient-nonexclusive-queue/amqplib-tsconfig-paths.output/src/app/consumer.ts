import amqp from 'amqplib';
import { EVENTS_QUEUE_OPTIONS } from '@shared/queues';

export async function consume(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('events', EVENTS_QUEUE_OPTIONS);
}
