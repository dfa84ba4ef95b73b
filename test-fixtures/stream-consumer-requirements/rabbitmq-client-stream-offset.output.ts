// rabbitmq-client sends a Date as a table (541) and has no AMQP timestamp: a time goes as an interval back from now.
import { Connection } from 'rabbitmq-client';

const rabbit = new Connection(process.env.RABBIT_URL);

export function replay(handler: (body: unknown) => Promise<void>) {
  const stream = { durable: true, arguments: { 'x-queue-type': 'stream' } };
  // rabbitmq4-codemod(stream-consumer-requirements): x-stream-offset '1691492165' is a time in
  // seconds since the epoch (2023-08-08T10:56:05.000Z), which RabbitMQ refuses as a string:
  // rabbitmq-client cannot send an AMQP timestamp: send an interval back from now that reaches that
  // far ('1h', '7D'), or 'first' and skip the older messages in the handler
  rabbit.createConsumer({ queue: 'clicks', queueOptions: stream, qos: { prefetchCount: 50 }, arguments: { 'x-stream-offset': '1691492165' } }, (msg) => handler(msg.body));
  // rabbitmq4-codemod(stream-consumer-requirements): consume the stream with qos: { prefetchCount:
  // N } (N > 0) and without noAck: true in the createConsumer props (rabbitmq-client then
  // acknowledges each message when the handler resolves, and requeues it when the handler throws)
  rabbit.createConsumer({ queue: 'views', queueOptions: stream, qos: { prefetchCount: 50 }, arguments: { 'x-stream-offset': new Date('2024-01-01') } }, (msg) => handler(msg.body));
  rabbit.createConsumer({ queue: 'sessions', queueOptions: stream, qos: { prefetchCount: 50 }, arguments: { 'x-stream-offset': '1D' } }, (msg) => handler(msg.body));
}
