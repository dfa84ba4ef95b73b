// Wrappers that hand every key on, and keys a wrapper reads for itself: nothing is dropped.
import amqp, { type Channel } from 'amqplib';

async function assertWithDefaults(ch: Channel, name: string, options: Record<string, unknown>) {
  return ch.assertQueue(name, { durable: true, ...options });
}

const assertRest = (ch: Channel, name: string, { durable, ...rest }: Record<string, unknown>) => ch.assertQueue(name, { durable: durable as boolean, ...rest });

function assertMerged(ch: Channel, name: string, opts: Record<string, unknown>) {
  const merged = Object.assign({ durable: true }, opts);
  return ch.assertQueue(name, { durable: merged.durable as boolean, exclusive: opts.exclusive as boolean });
}

function consumeWithTag(ch: Channel, queue: string, opts: { noAck?: boolean; consumerTag?: string }) {
  console.log(`consuming ${queue} as ${opts.consumerTag}`);
  return ch.consume(queue, (msg) => msg && ch.ack(msg), { noAck: opts.noAck });
}

export async function main(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await assertWithDefaults(ch, 'emails', { arguments: { 'x-message-ttl': 60_000 } });
  await assertRest(ch, 'sms', { durable: true, arguments: { 'x-message-ttl': 60_000 } });
  await assertMerged(ch, 'push', { durable: true, arguments: { 'x-message-ttl': 60_000 } });
  await consumeWithTag(ch, 'emails', { noAck: false, consumerTag: 'mailer' });
}

// A caller's value equal to amqplib's default, dropped by the wrapper: the queue gets the same value anyway.
function declareDurable(ch: Channel, name: string, opts: { durable?: boolean; exclusive?: boolean }) {
  return ch.assertQueue(name, { durable: opts.durable ?? true });
}

export async function declareAll(ch: Channel) {
  await declareDurable(ch, 'reports', { durable: true, exclusive: false });
}
