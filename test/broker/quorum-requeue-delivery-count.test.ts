/**
 * quorum-requeue-delivery-count against the real 4.3 broker: on a quorum queue with a delivery
 * limit of 2, nack(msg, false, true) returns do not count (the message comes back a fifth time, with
 * no x-delivery-count header, only x-acquired-count), while reject(msg, true) counts and the message
 * is dropped at the limit.
 */
import * as amqp from 'amqplib';
import { afterAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, queueName, withTimeout } from './harness';

type Headers = Record<string, unknown> | undefined;

/** Publishes one message to `queue` and consumes it; `settle` settles each delivery and says whether more follow. The headers seen. */
async function deliveries(ch: amqp.Channel, queue: string, settle: (m: amqp.ConsumeMessage, n: number) => boolean): Promise<Headers[]> {
  const seen: Headers[] = [];
  let tag = '';
  await withTimeout(
    new Promise<void>((resolve) => {
      void ch
        .consume(queue, (msg) => {
          if (!msg) return;
          seen.push(msg.properties.headers);
          if (!settle(msg, seen.length)) resolve();
        })
        .then((ok) => (tag = ok.consumerTag));
      ch.sendToQueue(queue, Buffer.from('always fails'));
    }),
    OP_TIMEOUT,
    `the deliveries of ${queue}`,
  );
  await ch.cancel(tag);
  return seen;
}

describe.skipIf(!brokerAvailable())(`quorum-requeue-delivery-count against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const queues: string[] = [];
  afterAll(async () => deleteQueues(strictUrl(), queues));

  it('the rule flags a nack-requeue consumer of a quorum queue', () => {
    const source = `const amqp = require('amqplib');
async function start(url) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(1);
  await ch.assertQueue('payments', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 2 } });
  await ch.consume('payments', (msg) => {
    if (!msg) return;
    ch.nack(msg, false, true);
  });
}
module.exports = { start };
`;
    expect(codemod(source, 'c2.js').findings.filter((f) => f.ruleId === 'quorum-requeue-delivery-count').map((f) => f.severity)).toEqual(['warning']);
  });

  it('4.3: nack(requeue) returns do not count toward x-delivery-limit; reject(requeue) returns do, and the message is dropped at the limit', async () => {
    const url = strictUrl();
    const conn = await amqp.connect(url);
    try {
      const ch = await conn.createChannel();
      await ch.prefetch(1);
      const declare = async (slug: string) => {
        const q = queueName(slug);
        queues.push(q);
        await ch.assertQueue(q, { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 2 } });
        return q;
      };

      const nacked = await declare('c2-nack');
      const viaNack = await deliveries(ch, nacked, (m, n) => {
        if (n === 5) {
          ch.ack(m);
          return false;
        }
        ch.nack(m, false, true);
        return true;
      });
      // Five deliveries past a limit of 2: no x-delivery-count at all, x-acquired-count counts them.
      expect(viaNack.map((h) => h?.['x-delivery-count'])).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(viaNack.map((h) => h?.['x-acquired-count'])).toEqual([undefined, 1, 2, 3, 4]);

      const rejected = await declare('c2-reject');
      const viaReject = await deliveries(ch, rejected, (m, n) => {
        ch.reject(m, true);
        return n < 3;
      });
      expect(viaReject.map((h) => h?.['x-delivery-count'])).toEqual([undefined, 1, 2]);
      // The third failed delivery reached the limit: the message is gone (no dead-letter exchange), never acknowledged.
      expect((await ch.checkQueue(rejected)).messageCount).toBe(0);
    } finally {
      await conn.close().catch(() => undefined);
    }
  });
});
