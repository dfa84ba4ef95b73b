// Retry counters that read x-death through reduce, a loop, destructuring and array callbacks, then republish.
import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('sum', (msg) => {
    if (!msg) return;
    const total = (msg.properties.headers?.['x-death'] ?? []).reduce((n: number, d: { count: number }) => n + d.count, 0);
    if (total < 5) ch.publish('sum-retry', '', msg.content);
    ch.ack(msg);
  });
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('loop', (msg) => {
    if (!msg) return;
    let attempts = 0;
    for (const death of msg.properties.headers?.['x-death'] ?? []) {
      if (death.queue === 'loop') attempts = death.count;
    }
    if (attempts < 5) ch.sendToQueue('loop-retry', msg.content);
    ch.ack(msg);
  });
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('destructured', (msg) => {
    if (!msg) return;
    const { 'x-death': deaths = [] } = msg.properties.headers ?? {};
    const [{ count = 0 } = {}] = deaths;
    if (count < 5) ch.sendToQueue('destructured-retry', msg.content);
    ch.ack(msg);
  });
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('callback', (msg) => {
    if (!msg) return;
    const deaths: { queue: string; count: number }[] = msg.properties.headers?.['x-death'] ?? [];
    if (deaths.some(({ count }) => count >= 5)) return ch.ack(msg);
    ch.sendToQueue('callback-retry', msg.content);
    ch.ack(msg);
  });
}
