// A replay from a point in time written as a digit string (another broker's syntax): the literal in the consume
// call becomes the AMQP timestamp it means; the same string in a shared constant is annotated, naming the offset;
// a time in milliseconds sent as a timestamp (which counts seconds) or as an integer offset is named.
import * as amqp from 'amqplib';

const REPLAY_FROM = '1691492165';

export async function replay(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('audit-log', { durable: true, arguments: { 'x-queue-type': 'stream' } });
  await ch.prefetch(100);
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': '1691492165' } });
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': "1691492165123" } });
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': REPLAY_FROM } });
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': { '!': 'timestamp', value: 1691492165000 } } });
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': 1691492165000 } });
}
