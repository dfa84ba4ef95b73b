import amqp from 'amqplib';

const QUORUM = { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 } };

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('payments', QUORUM);
  await ch.assertQueue('ledger', QUORUM);
  await ch.prefetch(10);
  // rabbitmq4-codemod(quorum-requeue-delivery-count): use reject(msg, true) for a failure that
  // should count toward the delivery limit and keep nack(msg, false, true) for "not now" returns;
  // count retries with x-acquired-count on 4.3 (or a header of your own); consider the 4.3
  // delayed-retry queue arguments instead of an immediate requeue
  await ch.consume('payments', async (msg) => {
    if (!msg) return;
    try {
      await charge(msg.content);
      ch.ack(msg);
    } catch {
      // "Try again": counted toward the delivery limit before 4.3, never from 4.3.
      ch.nack(msg);
    }
  });
  // rabbitmq4-codemod(quorum-requeue-delivery-count): use reject(msg, true) for a failure that
  // should count toward the delivery limit and keep nack(msg, false, true) for "not now" returns;
  // count retries with x-acquired-count on 4.3 (or a header of your own); consider the 4.3
  // delayed-retry queue arguments instead of an immediate requeue
  await ch.consume('ledger', (msg) => {
    if (!msg) return;
    const attempts = Number(msg.properties.headers?.['x-delivery-count'] ?? 0);
    if (attempts > 3) ch.reject(msg, false);
    // Not counted from 4.3: attempts stays where it is.
    else ch.nack(msg, false, true);
  });
  // Reads x-delivery-count; how the message comes back is decided elsewhere.
  await ch.consume('payments', (msg) => {
    if (!msg) return;
    audit(Number(msg.properties.headers?.['x-delivery-count'] ?? 0));
    ch.ack(msg);
  });
}

declare function audit(n: number): void;

declare function charge(b: Buffer): Promise<void>;
