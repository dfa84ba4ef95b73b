// Every offset form RabbitMQ accepts: first, last, next, an integer offset, an interval back from now, a timestamp.
import * as amqp from 'amqplib';

export async function replay(url: string, from: number) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('audit-log', { durable: true, arguments: { 'x-queue-type': 'stream' } });
  await ch.prefetch(100);
  for (const offset of ['first', 'last', 'next', '7D', '12h', '30m']) {
    await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': offset } });
  }
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': 5000 } });
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': { '!': 'timestamp', value: 1691492165 } } });
  await ch.consume('audit-log', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': from } });
}
