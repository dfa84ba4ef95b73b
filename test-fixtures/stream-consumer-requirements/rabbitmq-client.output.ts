import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const EVENTS_STREAM = { durable: true, arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } };

export async function replayEvents(): Promise<void> {
  // rabbitmq4-codemod(stream-consumer-requirements): consume the stream with qos: { prefetchCount:
  // N } (N > 0) and without noAck: true in the createConsumer props (rabbitmq-client then
  // acknowledges each message when the handler resolves, and requeues it when the handler throws)
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
  // rabbitmq4-codemod(stream-consumer-requirements): call ch.basicQos({ prefetchCount: N }) (N > 0)
  // before basicConsume, consume the stream with noAck: false and acknowledge each message with
  // ch.basicAck (acks are the credit that advances the consumer)
  await ch.basicConsume({ queue: 'events', noAck: true }, (msg) => console.log(msg.body));
}
