import { AMQPSession } from '@cloudamqp/amqp-client';

const TRANSIENT = { durable: false };

export async function start(url: string) {
  const session = await AMQPSession.connect(url);
  const presence = await session.queue('presence', TRANSIENT);
  const typing = await session.queue('typing', {
    durable: false,
    arguments: { 'x-message-ttl': 5000 },
  });
  return { presence, typing };
}
