import { AMQPSession } from '@cloudamqp/amqp-client';

export async function start(url: string) {
  const session = await AMQPSession.connect(url);
  return session.queue('billing', { arguments: { 'x-queue-type': 'quorum' } });
}
