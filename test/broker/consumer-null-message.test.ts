/**
 * consumer-null-message against the real 4.3 broker: a broker basic.cancel reaches an amqplib
 * consume callback as null (on queue deletion, and from 4.3 on a quorum queue's consumer timeout);
 * the handler the rule flags throws on it and amqplib closes the whole connection, while the
 * handler the codemod rewrote returns and leaves the connection working.
 */
import * as amqp from 'amqplib';
import { afterAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, queueName, Sandbox, withTimeout } from './harness';

const HANDLER_MODULE = (queue: string) => `'use strict';
const amqp = require('amqplib');

module.exports = async function start(url, watch) {
  const conn = await amqp.connect(url);
  watch(conn);
  const ch = await conn.createChannel();
  await ch.prefetch(1);
  await ch.consume('${queue}', (msg) => {
    const body = msg.content.toString();
    ch.ack(msg);
    return body;
  });
  return { conn, ch };
};
`;

type Started = { conn: amqp.ChannelModel; ch: amqp.Channel };
type StartModule = (url: string, watch: (conn: amqp.ChannelModel) => void) => Promise<Started>;

/** The connection's 'error' (amqplib emits one when a consumer callback throws) and its 'close'. */
function failure(conn: amqp.ChannelModel): { error: Promise<Error>; closed: Promise<void> } {
  return {
    error: new Promise((resolve) => conn.once('error', (error: Error) => resolve(error))),
    closed: new Promise((resolve) => conn.once('close', () => resolve())),
  };
}

async function deleteQueueNow(url: string, queue: string): Promise<void> {
  const conn = await amqp.connect(url);
  try {
    const ch = await conn.createChannel();
    await ch.deleteQueue(queue);
  } finally {
    await conn.close().catch(() => undefined);
  }
}

describe.skipIf(!brokerAvailable())(`consumer-null-message against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const sandbox = new Sandbox('rmq4-null-message-');
  const queues: string[] = [];
  afterAll(async () => {
    await deleteQueues(strictUrl(), queues);
    sandbox.remove();
  });

  it('deleting a queue under an amqplib consumer calls its callback with null', async () => {
    const url = strictUrl();
    const q = queueName('null-on-delete');
    queues.push(q);
    const conn = await amqp.connect(url);
    try {
      const ch = await conn.createChannel();
      await ch.assertQueue(q);
      const delivered = new Promise<unknown>((resolve) => void ch.consume(q, (msg) => resolve(msg)));
      await deleteQueueNow(url, q);
      expect(await withTimeout(delivered, OP_TIMEOUT, 'the cancel to reach the callback')).toBeNull();
    } finally {
      await conn.close().catch(() => undefined);
    }
  });

  it('the handler the rule flags kills the connection on that null; the rewritten handler returns and the connection keeps working', async () => {
    const url = strictUrl();
    const original = HANDLER_MODULE(queueName('unguarded'));
    const fixedQueue = queueName('guarded');
    const fixed = codemod(HANDLER_MODULE(fixedQueue), 'consumer.js');
    expect(codemod(original, 'consumer.js').findings.map((f) => [f.ruleId, f.fix.kind])).toContainEqual(['consumer-null-message', 'rewrite']);
    expect(fixed.output).toContain('if (msg === null) { /* consumer cancelled by the broker */ return; }');
    expect(codemod(fixed.output, 'consumer.js').findings.map((f) => f.ruleId)).not.toContain('consumer-null-message');

    const run = async (source: string, queue: string) => {
      queues.push(queue);
      await withTimeout(
        (async () => {
          const conn = await amqp.connect(url);
          await (await conn.createChannel()).assertQueue(queue);
          await conn.close();
        })(),
        OP_TIMEOUT,
        'declaring the queue',
      );
      let conn!: amqp.ChannelModel;
      const started = await withTimeout(sandbox.load<StartModule>(source, 'consumer')(url, (c) => (conn = c)), OP_TIMEOUT, 'starting the consumer');
      return { ...started, conn, queue };
    };

    // Before: the TypeError thrown in the callback becomes the connection's error, and it closes.
    const before = await run(original, queueName('unguarded'));
    const failed = failure(before.conn);
    await deleteQueueNow(url, before.queue);
    const error = await withTimeout(failed.error, OP_TIMEOUT, 'the connection to fail');
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/null \(reading 'content'\)/);
    await withTimeout(failed.closed, OP_TIMEOUT, 'the connection to close');
    await expect(before.conn.createChannel()).rejects.toThrow();

    // After: the guard returns on null; the same connection still opens channels and declares.
    const after = await run(fixed.output, fixedQueue);
    try {
      const failed: Error[] = [];
      after.conn.on('error', (e: Error) => failed.push(e));
      const cancelled = new Promise<void>((resolve) => after.ch.once('cancel', () => resolve()));
      await deleteQueueNow(url, after.queue);
      await withTimeout(cancelled, OP_TIMEOUT, 'the cancel to arrive');
      const ch = await after.conn.createChannel();
      const probe = queueName('still-open');
      queues.push(probe);
      await expect(ch.assertQueue(probe, { exclusive: true })).resolves.toMatchObject({ queue: probe });
      expect(failed).toEqual([]);
    } finally {
      await after.conn.close().catch(() => undefined);
    }
  });

  it('4.3: a quorum queue cancels a consumer whose delivery outlives x-consumer-timeout, and amqplib passes null to the callback', async () => {
    const url = strictUrl();
    const q = queueName('qq-timeout');
    queues.push(q);
    const conn = await amqp.connect(url);
    // A redelivery can race the cancel and make amqplib close the connection ('Unknown consumer'): not asserted here.
    conn.on('error', () => undefined);
    try {
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      await ch.assertQueue(q, { arguments: { 'x-queue-type': 'quorum' } });
      ch.sendToQueue(q, Buffer.from('held past the timeout'));
      await ch.prefetch(1);
      const seen: (string | null)[] = [];
      const cancelled = new Promise<void>((resolve) => {
        // Never acknowledged: the queue's consumer timeout (1 s for this consumer) expires.
        void ch.consume(q, (msg) => {
          seen.push(msg === null ? null : msg.content.toString());
          if (msg === null) resolve();
        }, { arguments: { 'x-consumer-timeout': 1000 } });
      });
      await withTimeout(cancelled, 30_000, 'the consumer timeout to cancel the consumer');
      expect(seen).toEqual(['held past the timeout', null]);
    } finally {
      await conn.close().catch(() => undefined);
    }
  });
});
