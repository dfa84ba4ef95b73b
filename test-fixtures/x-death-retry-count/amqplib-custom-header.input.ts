import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('work', (msg) => {
    if (!msg) return;
    // The application counts retries in its own header: not the broker's x-death.
    const retries = Number(msg.properties.headers?.['retry-count'] ?? 0);
    if (retries < 5) {
      ch.publish('retry', 'work', msg.content, { headers: { ...msg.properties.headers, 'retry-count': retries + 1 } });
    }
    ch.ack(msg);
  });
  await ch.consume('audit', (msg) => {
    if (!msg) return;
    // x-death only for logging.
    console.log('dead-lettered', msg.properties.headers?.['x-death']?.[0]?.count, 'times');
    if (msg.properties.headers?.['x-death']) record(msg.content);
    ch.ack(msg);
  });
  await ch.consume('dlx-loop', (msg) => {
    if (!msg) return;
    // The broker dead-letters the message (reject without requeue) and a TTL queue sends it back: 4.x keeps counting.
    const deaths = msg.properties.headers?.['x-death'] ?? [];
    if (deaths.length && deaths[0].count >= 5) {
      ch.ack(msg);
      return;
    }
    ch.reject(msg, false);
  });
}

declare function record(b: Buffer): void;
