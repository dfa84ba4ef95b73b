// Offsets the broker refuses: a Unix time written as a string (another broker's syntax, 406), a Date (amqplib sends
// it as an empty table) and a fraction (a double), which close the connection (541), and an offset on a classic queue.
import * as amqp from 'amqplib';

const REPLAY_FROM = '1691492165';

export async function replay(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('audit-log', { durable: true, arguments: { 'x-queue-type': 'stream' } });
  await ch.assertQueue('audit-tasks', { durable: true });
  await ch.prefetch(100);
  // rabbitmq4-codemod(stream-consumer-requirements): x-stream-offset '1691492165' is a time in
  // seconds since the epoch (2023-08-08T10:56:05.000Z), which RabbitMQ refuses as a string: send
  // the AMQP timestamp { '!': 'timestamp', value: 1691492165 } (seconds since the epoch; amqplib's
  // typed value) (not rewritten: the rewrite relies on this, which does not hold here: the offset
  // is a literal written in this consume call (no other consumer reads it); the offset is written
  // outside the consume call (a value other code may read))
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': REPLAY_FROM } });
  // rabbitmq4-codemod(stream-consumer-requirements): use 'first', 'last', 'next', an integer
  // offset, an AMQP timestamp, or an interval back from now such as '7D' or '1h' (a positive number
  // and one of Y, M, D, h, m, s); for a point in time, an AMQP timestamp (amqplib: { '!':
  // 'timestamp', value: <seconds since the epoch> })
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': new Date(Date.now() - 3_600_000) } });
  // rabbitmq4-codemod(stream-consumer-requirements): use 'first', 'last', 'next', an integer
  // offset, an AMQP timestamp, or an interval back from now such as '7D' or '1h' (a positive number
  // and one of Y, M, D, h, m, s); for a point in time, an AMQP timestamp (amqplib: { '!':
  // 'timestamp', value: <seconds since the epoch> })
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': 0.5 } });
  // rabbitmq4-codemod(stream-consumer-requirements): remove x-stream-offset (it only applies to
  // stream queues), or consume the stream the offset was meant for
  await ch.consume('audit-tasks', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': 'first' } });
}
