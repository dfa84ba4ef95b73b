/**
 * x-death-retry-count against the real 4.3 broker: a retry loop that republishes a dead-lettered
 * message with the headers it received, and stops after three x-death counts, never stops on 4.x:
 * the broker ignores the client's x-death and starts counting again. When the broker itself brings
 * the message back (dead-lettering and a TTL queue, the rule's negative), it keeps counting.
 */
import * as amqp from 'amqplib';
import { afterAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, queueName, Sandbox, withTimeout } from './harness';

/** The retry consumer as users write it: read x-death's count, republish with the received headers. */
const RETRY_MODULE = (work: string, dead: string) => `'use strict';
const amqp = require('amqplib');

module.exports = async function start(url, report) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.prefetch(1);
  await ch.consume('${dead}', (msg) => {
    if (!msg) return;
    const count = msg.properties.headers['x-death'][0].count;
    report(count);
    if (count < 3) ch.sendToQueue('${work}', msg.content, { headers: msg.properties.headers });
    ch.ack(msg);
  });
  return conn;
};
`;

type RetryModule = (url: string, report: (count: number) => void) => Promise<amqp.ChannelModel>;

/** Rejects (without requeue) every message of `queue`: the broker dead-letters each one. */
async function rejectAll(ch: amqp.Channel, queue: string): Promise<void> {
  await ch.consume(queue, (msg) => msg && ch.reject(msg, false));
}

describe.skipIf(!brokerAvailable())(`x-death-retry-count against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const sandbox = new Sandbox('rmq4-x-death-');
  const queues: string[] = [];
  afterAll(async () => {
    await deleteQueues(strictUrl(), queues);
    sandbox.remove();
  });

  it('a message republished with its x-death header gets no continued count: a retry limit of 3 is never reached', async () => {
    const url = strictUrl();
    const work = queueName('xd-work');
    const dead = queueName('xd-dead');
    queues.push(work, dead);
    const source = RETRY_MODULE(work, dead);
    expect(codemod(source, 'retry.js').findings.filter((f) => f.ruleId === 'x-death-retry-count').map((f) => f.severity)).toEqual(['warning']);

    const conn = await amqp.connect(url);
    let retrier: amqp.ChannelModel | undefined;
    try {
      const ch = await conn.createChannel();
      await ch.assertQueue(dead);
      await ch.assertQueue(work, { deadLetterExchange: '', deadLetterRoutingKey: dead });
      await rejectAll(ch, work);
      const counts: number[] = [];
      const fourth = new Promise<void>((resolve) => {
        void sandbox.load<RetryModule>(source, 'retry')(url, (count) => {
          counts.push(count);
          if (counts.length === 4) resolve();
        }).then((c) => (retrier = c));
      });
      ch.sendToQueue(work, Buffer.from('always fails'));
      await withTimeout(fourth, OP_TIMEOUT, 'four dead-letterings');
      // With the count continued (3.13) the module would have stopped at 3.
      expect(counts).toEqual([1, 1, 1, 1]);
    } finally {
      await retrier?.close().catch(() => undefined);
      await conn.close().catch(() => undefined);
    }
  });

  it('the broker keeps counting when it brings the message back itself (reject without requeue, then a TTL queue)', async () => {
    const url = strictUrl();
    const work = queueName('xd-loop-work');
    const wait = queueName('xd-loop-wait');
    queues.push(work, wait);
    const conn = await amqp.connect(url);
    try {
      const ch = await conn.createChannel();
      await ch.assertQueue(work, { deadLetterExchange: '', deadLetterRoutingKey: wait });
      await ch.assertQueue(wait, { messageTtl: 20, deadLetterExchange: '', deadLetterRoutingKey: work });
      const rejected: number[] = [];
      const third = new Promise<void>((resolve) => {
        void ch.consume(work, (msg) => {
          if (!msg) return;
          const deaths = (msg.properties.headers?.['x-death'] ?? []) as { queue: string; reason: string; count: number }[];
          rejected.push(deaths.find((d) => d.queue === work && d.reason === 'rejected')?.count ?? 0);
          if (rejected.length === 3) {
            ch.ack(msg);
            resolve();
          } else ch.reject(msg, false);
        });
      });
      ch.sendToQueue(work, Buffer.from('fails twice'));
      await withTimeout(third, OP_TIMEOUT, 'three deliveries');
      expect(rejected).toEqual([0, 1, 2]);
    } finally {
      await conn.close().catch(() => undefined);
    }
  });
});
