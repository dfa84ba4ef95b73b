/**
 * The engine's inference that a consumer whose handler acks each message runs with manual ack
 * (src/engine/ack-from-handler.ts), against the real 4.3 broker: the same helper module, started with
 * noAck: true, has its channel closed by the first ack (406 unknown delivery tag); started with the
 * options it hides (no noAck), it works. The codemod reports the helper as a manual-ack consumer.
 */
import * as amqp from 'amqplib';
import { afterAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, queueName, Sandbox, withTimeout } from './harness';

/** A consumer helper as services write it: its noAck comes from a spread of the caller's options. */
const HELPER = `'use strict';
const amqp = require('amqplib');

module.exports = async function consume(url, queueName, handler, options) {
  const conn = await amqp.connect(url);
  const channel = await conn.createChannel();
  const closed = new Promise((resolve) => channel.on('error', (err) => resolve(err.message)));
  await channel.consume(queueName, async (msg) => {
    if (!msg) return;
    await handler(msg.content.toString());
    channel.ack(msg);
  }, { noAck: false, ...options.consumerOptions });
  return { conn, closed };
};
`;

type Helper = (url: string, queue: string, handler: (body: string) => void, options: object) => Promise<{ conn: amqp.ChannelModel; closed: Promise<string> }>;

describe.skipIf(!brokerAvailable())(`a handler's ack settles the acknowledgement mode, on the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const sandbox = new Sandbox('rmq4-ack-mode-');
  const queues: string[] = [];
  afterAll(async () => {
    await deleteQueues(strictUrl(), queues);
    sandbox.remove();
  });

  it('the codemod reports the helper as a manual-ack consumer, saying why', () => {
    const found = codemod(HELPER, 'consume.js').findings.filter((f) => f.ruleId === 'unbounded-prefetch' || f.ruleId === 'auto-ack-consumer');
    expect(found.map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['unbounded-prefetch warning']);
    expect(found[0].message).toContain('406 PRECONDITION_FAILED - unknown delivery tag');
  });

  /** Declares a fresh queue, starts the helper on it with `options`, runs `body`, and closes both connections. */
  async function withHelper(slug: string, handler: (body: string) => void, options: object, body: (ch: amqp.Channel, queue: string, started: Awaited<ReturnType<Helper>>) => Promise<void>): Promise<void> {
    const url = strictUrl();
    const queue = queueName(slug);
    queues.push(queue);
    const setup = await amqp.connect(url);
    let started: Awaited<ReturnType<Helper>> | undefined;
    try {
      const ch = await setup.createChannel();
      await ch.assertQueue(queue);
      started = await sandbox.load<Helper>(HELPER, slug)(url, queue, handler, options);
      await body(ch, queue, started);
    } finally {
      await started?.conn.close().catch(() => undefined);
      await setup.close().catch(() => undefined);
    }
  }

  it('with noAck: true the first ack closes the channel: 406 PRECONDITION_FAILED - unknown delivery tag 1', async () => {
    await withHelper('ack-mode-auto', () => undefined, { consumerOptions: { noAck: true } }, async (ch, queue, started) => {
      ch.sendToQueue(queue, Buffer.from('one'));
      expect(await withTimeout(started.closed, OP_TIMEOUT, 'the channel error')).toMatch(/406 \(PRECONDITION-FAILED\) with message "PRECONDITION_FAILED - unknown delivery tag 1"/);
    });
  });

  it('with the options it hides left out, every message is acked and the queue drains', async () => {
    const bodies: string[] = [];
    let done!: () => void;
    const both = new Promise<void>((resolve) => (done = resolve));
    const handler = (body: string) => {
      bodies.push(body);
      // The helper acks after the handler returns.
      if (bodies.length === 2) setTimeout(done, 100);
    };
    await withHelper('ack-mode-manual', handler, {}, async (ch, queue, started) => {
      ch.sendToQueue(queue, Buffer.from('one'));
      ch.sendToQueue(queue, Buffer.from('two'));
      await withTimeout(both, OP_TIMEOUT, 'two deliveries');
      await started.conn.close();
      // Acked, not merely delivered: nothing comes back to the queue once the consumer's connection is gone.
      expect(bodies).toEqual(['one', 'two']);
      expect((await ch.checkQueue(queue)).messageCount).toBe(0);
    });
  });
});
