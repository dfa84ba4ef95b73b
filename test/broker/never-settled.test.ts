/**
 * manual-ack-never-settled against the real 4.3 broker: a consumer with amqplib's default manual ack whose handler
 * never acks. With a prefetch of 10 it receives 10 of 15 messages and then nothing (a classic queue, a stream). What
 * 4.3 does next depends on the queue type: a quorum queue cancels the consumer once a delivery is older than the
 * consumer timeout (set to 3 s here with x-consumer-timeout; 30 min by default) and returns the deliveries,
 * redelivered; a classic queue never times out, even under a consumer-timeout policy (3 s, checked after 7 s).
 */
import * as amqp from 'amqplib';
import { afterAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, queueName, Sandbox, withTimeout } from './harness';

/** The consumer as the programs had it: the tutorial's consume, with the ack forgotten. */
const CONSUMER = `'use strict';
const amqp = require('amqplib');

module.exports = async function start(url, queue, offset, seen) {
  const conn = await amqp.connect(url);
  const channel = await conn.createChannel();
  await channel.prefetch(10);
  await channel.consume(queue, (msg) => {
    if (msg === null) return seen.cancelled();
    seen.delivered(msg.content.toString());
  }, { arguments: offset ? { 'x-stream-offset': offset } : {} });
  return conn;
};
`;

type Seen = { delivered(body: string): void; cancelled(): void };
type Start = (url: string, queue: string, offset: string | undefined, seen: Seen) => Promise<amqp.ChannelModel>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The management API of the strict broker, if the suite has it (for a policy). */
const MANAGEMENT = process.env.RABBITMQ_MANAGEMENT_URL ? new URL(process.env.RABBITMQ_MANAGEMENT_URL) : undefined;

async function management(method: string, path: string, body?: object): Promise<number> {
  const auth = `Basic ${Buffer.from(`${decodeURIComponent(MANAGEMENT!.username)}:${decodeURIComponent(MANAGEMENT!.password)}`).toString('base64')}`;
  const r = await fetch(`${MANAGEMENT!.origin}${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, body: body && JSON.stringify(body), signal: AbortSignal.timeout(OP_TIMEOUT) });
  return r.status;
}

describe.skipIf(!brokerAvailable())(`a manual-ack consumer that never settles, on the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const sandbox = new Sandbox('rmq4-never-settled-');
  const queues: string[] = [];
  afterAll(async () => {
    await deleteQueues(strictUrl(), queues);
    sandbox.remove();
  });

  it('the codemod reports the consumer as one that never settles', () => {
    const found = codemod(CONSUMER, 'consumer.js').findings.filter((f) => f.ruleId === 'manual-ack-never-settled');
    expect(found.map((f) => f.severity)).toEqual(['warning']);
    expect(found[0].message).toContain('acks, nacks or rejects no message on any path');
  });

  /** Declares the queue, publishes 15 messages, starts the consumer and hands over what it saw. */
  async function run(slug: string, args: object, offset: string | undefined, body: (ch: amqp.Channel, queue: string, seen: { delivered: string[]; cancelled: Promise<void> }, setup: amqp.ChannelModel) => Promise<void>): Promise<void> {
    const queue = queueName(slug);
    queues.push(queue);
    const setup = await amqp.connect(strictUrl());
    let consumer: amqp.ChannelModel | undefined;
    try {
      const ch = await setup.createChannel();
      await ch.assertQueue(queue, { durable: true, arguments: args });
      for (let i = 0; i < 15; i++) ch.sendToQueue(queue, Buffer.from(`m${i}`));
      await ch.checkQueue(queue);
      const delivered: string[] = [];
      let cancel!: () => void;
      const cancelled = new Promise<void>((r) => (cancel = r));
      consumer = await sandbox.load<Start>(CONSUMER, slug)(strictUrl(), queue, offset, { delivered: (b) => delivered.push(b), cancelled: () => cancel() });
      await body(ch, queue, { delivered, cancelled }, setup);
    } finally {
      await consumer?.close().catch(() => undefined);
      await setup.close().catch(() => undefined);
    }
  }

  it('a stream consumer with a prefetch of 10 receives 10 of 15 messages, and no more', async () => {
    await run('never-settled-stream', { 'x-queue-type': 'stream' }, 'first', async (_ch, _q, seen) => {
      await sleep(1500);
      expect(seen.delivered.length).toBe(10);
    });
  });

  it('a quorum queue cancels the consumer after its consumer timeout and returns the deliveries, redelivered', async () => {
    await run('never-settled-quorum', { 'x-queue-type': 'quorum', 'x-consumer-timeout': 3000 }, undefined, async (ch, queue, seen, setup) => {
      await withTimeout(seen.cancelled, 20_000, 'the cancel after the consumer timeout');
      expect(seen.delivered.length).toBe(10);
      expect((await ch.checkQueue(queue)).messageCount).toBe(15);
      let redelivered = 0;
      let all = 0;
      const other = await setup.createChannel();
      await other.prefetch(20);
      await other.consume(queue, (msg) => {
        if (!msg) return;
        all++;
        if (msg.fields.redelivered) redelivered++;
        other.ack(msg);
      });
      for (let i = 0; i < 40 && all < 15; i++) await sleep(100);
      expect({ all, redelivered }).toEqual({ all: 15, redelivered: 10 });
    });
  });

  it.skipIf(!MANAGEMENT)('a classic queue never times the consumer out: under a consumer-timeout policy of 3 s its 10 deliveries are still unacknowledged after 7 s (needs RABBITMQ_MANAGEMENT_URL)', async () => {
    const policy = queueName('never-settled-policy');
    const slug = 'never-settled-classic';
    expect(await management('PUT', `/api/policies/%2F/${policy}`, { pattern: `^${queueName(slug)}$`, definition: { 'consumer-timeout': 3000 }, 'apply-to': 'queues', priority: 0 })).toBe(201);
    try {
      await run(slug, {}, undefined, async (ch, queue, seen) => {
        let cancelled = false;
        void seen.cancelled.then(() => (cancelled = true));
        await sleep(7000);
        expect({ delivered: seen.delivered.length, ready: (await ch.checkQueue(queue)).messageCount, cancelled }).toEqual({ delivered: 10, ready: 5, cancelled: false });
      });
    } finally {
      await management('DELETE', `/api/policies/%2F/${policy}`);
    }
  });
});
