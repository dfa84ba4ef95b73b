// @cloudamqp/amqp-client: the x-death count read through a loop and destructuring, then republished.
import { AMQPClient } from '@cloudamqp/amqp-client';

export async function start() {
  const ch = await (await new AMQPClient('amqp://localhost').connect()).channel();
  await ch.prefetch(10);
  await ch.confirmSelect();
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.basicConsume('loop', { noAck: false }, async (msg) => {
    let attempts = 0;
    for (const death of (msg.properties.headers?.['x-death'] ?? []) as { count: number }[]) attempts = Math.max(attempts, death.count);
    if (attempts < 5) await ch.basicPublish('', 'loop-retry', msg.body);
    await msg.ack();
  });
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.basicConsume('destructured', { noAck: false }, async (msg) => {
    const [first] = (msg.properties.headers?.['x-death'] ?? []) as { count: number }[];
    if (!first || first.count < 5) await ch.basicPublish('', 'destructured-retry', msg.body);
    await msg.ack();
  });
}
