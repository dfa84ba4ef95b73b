// @cloudamqp/amqp-client: the x-death count read through a loop and destructuring, then republished.
import { AMQPClient } from '@cloudamqp/amqp-client';

export async function start() {
  const ch = await (await new AMQPClient('amqp://localhost').connect()).channel();
  await ch.prefetch(10);
  await ch.confirmSelect();
  await ch.basicConsume('loop', { noAck: false }, async (msg) => {
    let attempts = 0;
    for (const death of (msg.properties.headers?.['x-death'] ?? []) as { count: number }[]) attempts = Math.max(attempts, death.count);
    if (attempts < 5) await ch.basicPublish('', 'loop-retry', msg.body);
    await msg.ack();
  });
  await ch.basicConsume('destructured', { noAck: false }, async (msg) => {
    const [first] = (msg.properties.headers?.['x-death'] ?? []) as { count: number }[];
    if (!first || first.count < 5) await ch.basicPublish('', 'destructured-retry', msg.body);
    await msg.ack();
  });
}
