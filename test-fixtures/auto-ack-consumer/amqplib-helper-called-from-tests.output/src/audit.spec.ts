// A test that runs a real consumer against a broker: its own code is judged as written.
import * as amqp from 'amqplib';
import { it } from 'vitest';

it('drains the audit queue', async () => {
  const ch = await (await amqp.connect('amqp://localhost')).createChannel();
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await ch.consume('audit', (msg) => msg && ch.ack(msg), { noAck: true });
});
