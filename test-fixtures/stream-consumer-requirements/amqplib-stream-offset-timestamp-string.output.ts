// A replay from a point in time written as a digit string (another broker's syntax): the literal in the consume
// call becomes the AMQP timestamp it means; the same string in a shared constant is annotated, naming the offset;
// a time in milliseconds sent as a timestamp (which counts seconds) or as an integer offset is named.
import * as amqp from 'amqplib';

const REPLAY_FROM = '1691492165';

export async function replay(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('audit-log', { durable: true, arguments: { 'x-queue-type': 'stream' } });
  await ch.prefetch(100);
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': { '!': 'timestamp', value: 1691492165 } } });
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': { '!': 'timestamp', value: 1691492165 } } });
  // rabbitmq4-codemod(stream-consumer-requirements): x-stream-offset '1691492165' is a time in
  // seconds since the epoch (2023-08-08T10:56:05.000Z), which RabbitMQ refuses as a string: send
  // the AMQP timestamp { '!': 'timestamp', value: 1691492165 } (seconds since the epoch; amqplib's
  // typed value) (not rewritten: the rewrite relies on this, which does not hold here: the offset
  // is a literal written in this consume call (no other consumer reads it); the offset is written
  // outside the consume call (a value other code may read))
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': REPLAY_FROM } });
  // rabbitmq4-codemod(stream-consumer-requirements): x-stream-offset 1691492165000 is milliseconds
  // since the epoch (2023-08-08T10:56:05.000Z), not seconds: send the AMQP timestamp { '!':
  // 'timestamp', value: 1691492165 } (seconds since the epoch; amqplib's typed value)
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': { '!': 'timestamp', value: 1691492165000 } } });
  // rabbitmq4-codemod(stream-consumer-requirements): x-stream-offset 1691492165000 is milliseconds
  // since the epoch (2023-08-08T10:56:05.000Z), not a position in the stream: send the AMQP
  // timestamp { '!': 'timestamp', value: 1691492165 } (seconds since the epoch; amqplib's typed
  // value)
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': 1691492165000 } });
}
