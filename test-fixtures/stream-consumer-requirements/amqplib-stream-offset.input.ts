// Offsets the broker refuses: a Unix time written as a string (another broker's syntax, 406), a Date (amqplib sends
// it as an empty table) and a fraction (a double), which close the connection (541), and an offset on a classic queue.
import * as amqp from 'amqplib';

const REPLAY_FROM = '1691492165';

export async function replay(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('audit-log', { durable: true, arguments: { 'x-queue-type': 'stream' } });
  await ch.assertQueue('audit-tasks', { durable: true });
  await ch.prefetch(100);
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': REPLAY_FROM } });
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': new Date(Date.now() - 3_600_000) } });
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': 0.5 } });
  await ch.consume('audit-tasks', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': 'first' } });
}
