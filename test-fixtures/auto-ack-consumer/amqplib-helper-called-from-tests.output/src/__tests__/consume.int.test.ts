// An integration test without test doubles: it runs the helper against a broker, so its call counts.
import * as amqp from 'amqplib';
import { it } from 'vitest';
import { consumeFrom } from '../consume';

it('consumes from a real broker', async () => {
  const ch = await (await amqp.connect('amqp://localhost')).createChannel();
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await consumeFrom(ch, 'it-queue', (msg) => console.log(msg), { noAck: true });
});
