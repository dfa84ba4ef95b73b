// @cloudamqp/amqp-client sends a Date as an AMQP timestamp (accepted); a time as a string is refused (406).
import { AMQPClient } from '@cloudamqp/amqp-client';

export async function replay(url: string) {
  const ch = await (await new AMQPClient(url).connect()).channel();
  await ch.queueDeclare('metrics', { durable: true }, { 'x-queue-type': 'stream' });
  await ch.prefetch(100);
  await ch.basicConsume('metrics', { noAck: false, args: { 'x-stream-offset': new Date(Date.now() - 3_600_000) } }, (msg) => msg.ack());
  await ch.basicConsume('metrics', { noAck: false, args: { 'x-stream-offset': new Date(1691492165000) } }, (msg) => msg.ack());
}
