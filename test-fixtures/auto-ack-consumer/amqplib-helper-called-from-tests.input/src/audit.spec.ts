// A test that runs a real consumer against a broker: its own code is judged as written.
import * as amqp from 'amqplib';
import { it } from 'vitest';

it('drains the audit queue', async () => {
  const ch = await (await amqp.connect('amqp://localhost')).createChannel();
  await ch.consume('audit', (msg) => msg && ch.ack(msg), { noAck: true });
});
