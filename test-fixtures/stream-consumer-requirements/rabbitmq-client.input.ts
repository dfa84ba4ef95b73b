import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const EVENTS_STREAM = { durable: true, arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } };

export async function replayEvents(): Promise<void> {
  rabbit.createConsumer({
    queue: 'events',
    queueOptions: EVENTS_STREAM,
    arguments: { 'x-stream-offset': 'first' },
  }, async (msg) => {
    console.log(msg.body);
  });

  const ch = await rabbit.acquire();
  await ch.queueDeclare({ queue: 'events', ...EVENTS_STREAM });
  await ch.basicQos({ prefetchCount: 100 });
  await ch.basicConsume({ queue: 'events', noAck: true }, (msg) => console.log(msg.body));
}
