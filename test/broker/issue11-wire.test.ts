/**
 * Issue #11, publishing and AMQP 1.0, against the strict RabbitMQ 4.3 broker: each rule's finding
 * for a piece of code states what the broker answers when the same operation is made for real.
 * - max-message-size: a 16 MiB + 1 byte body closes the channel with the finding's brokerError;
 * - direct-reply-to-binding: binding a live requester's reply-to queue is refused (403), the bare
 *   pseudo-queue name is not a queue (404);
 * - direct-reply-to-mandatory: a mandatory reply to a requester that has gone is confirmed and
 *   never returned (no error, silently);
 * - amqp10-v1-address: the broker refuses an attach to a v1 address and accepts the v2 rewrite
 *   (AMQP 1.0 runs on the same listener as 0-9-1).
 */
import * as amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, queueName, replyOf, showReply, withTimeout } from './harness';
import { ruleById } from '../../src/rules';
import type { Finding } from '../../src/model';

const only = (findings: Finding[], ruleId: string) => findings.filter((f) => f.ruleId === ruleId);

/** The reply a channel closes with, from the error amqplib hands to the channel's 'error' event or a failed operation. */
async function closingReply(ch: amqp.Channel, action: () => Promise<unknown> | unknown): Promise<string> {
  const closed = new Promise<Error>((resolve) => ch.once('error', resolve));
  try {
    await action();
  } catch {
    // The channel's 'error' event carries the same reply.
  }
  const err = await withTimeout(closed, OP_TIMEOUT, 'the channel to close');
  const reply = replyOf(err.message);
  return reply ? `${reply.code} ${reply.text}` : err.message;
}

describe.skipIf(!brokerAvailable())(`publishing and AMQP 1.0 against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  let conn: amqp.ChannelModel;
  const queues: string[] = [];

  beforeAll(async () => {
    conn = await withTimeout(amqp.connect(strictUrl()), OP_TIMEOUT, 'connect');
    conn.on('error', () => undefined);
  });
  afterAll(async () => {
    await deleteQueues(strictUrl(), queues).catch(() => undefined);
    await conn?.close().catch(() => undefined);
  });

  it("max-message-size: a 16 MiB + 1 byte body is refused with exactly the finding's brokerError", async () => {
    const q = queueName('wire-size');
    queues.push(q);
    const source = `const amqp = require('amqplib');\nexports.run = async (url) => {\n  const ch = await (await amqp.connect(url)).createChannel();\n  ch.sendToQueue('${q}', Buffer.alloc(16 * 1024 * 1024 + 1));\n};\n`;
    const [finding] = only(codemod(source).findings, 'max-message-size');
    expect(finding?.brokerError).toBe('406 PRECONDITION_FAILED - message size 16777217 is larger than configured max size 16777216');

    const ch = await conn.createChannel();
    await ch.assertQueue(q, { durable: true });
    const reply = await closingReply(ch, () => ch.sendToQueue(q, Buffer.alloc(16 * 1024 * 1024 + 1)));
    expect(reply).toBe(finding.brokerError);
    // The rule's headline text, with N for the size.
    expect(reply.replace(/\d{8,}(?= is larger)/, 'N')).toBe(ruleById('max-message-size')!.meta.brokerError);
  });

  it('max-message-size: a body of exactly 16 MiB is accepted, and the codemod says nothing', async () => {
    const q = queueName('wire-size-ok');
    queues.push(q);
    const source = `const amqp = require('amqplib');\nexports.run = async (url) => {\n  const ch = await (await amqp.connect(url)).createChannel();\n  ch.sendToQueue('${q}', Buffer.alloc(16 * 1024 * 1024));\n};\n`;
    expect(only(codemod(source).findings, 'max-message-size')).toEqual([]);
    const ch = await conn.createConfirmChannel();
    await ch.assertQueue(q, { durable: true });
    ch.sendToQueue(q, Buffer.alloc(16 * 1024 * 1024));
    await withTimeout(ch.waitForConfirms(), OP_TIMEOUT, 'the confirm');
    await ch.close();
  });

  /** A requester consuming direct reply-to, and the reply-to name a responder sees on its request. */
  async function requester(): Promise<{ ch: amqp.Channel; replyTo: string }> {
    const q = queueName('wire-rpc');
    queues.push(q);
    const ch = await conn.createChannel();
    await ch.assertQueue(q, { durable: true });
    await ch.consume('amq.rabbitmq.reply-to', () => undefined, { noAck: true });
    ch.sendToQueue(q, Buffer.from('ask'), { replyTo: 'amq.rabbitmq.reply-to' });
    const responder = await conn.createChannel();
    const msg = await withTimeout(
      (async () => {
        for (;;) {
          const m = await responder.get(q, { noAck: true });
          if (m) return m;
          await new Promise((r) => setImmediate(r));
        }
      })(),
      OP_TIMEOUT,
      'the request',
    );
    await responder.close();
    return { ch, replyTo: msg.properties.replyTo as string };
  }

  it("direct-reply-to-binding: binding a requester's reply-to queue is refused with the rule's brokerError", async () => {
    const source = `const amqp = require('amqplib');\nexports.run = async (url) => {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.consume('rpc', async (msg) => {\n    await ch.bindQueue(msg.properties.replyTo, 'amq.direct', 'k');\n  });\n};\n`;
    const [finding] = only(codemod(source).findings, 'direct-reply-to-binding');
    expect(finding?.brokerError).toBe(ruleById('direct-reply-to-binding')!.meta.brokerError);

    const { ch: req, replyTo } = await requester();
    expect(replyTo.startsWith('amq.rabbitmq.reply-to.')).toBe(true);
    const ch = await conn.createChannel();
    const reply = await closingReply(ch, () => ch.bindQueue(replyTo, 'amq.direct', 'k'));
    expect(reply).toBe(finding.brokerError);
    await req.close();
  });

  it("direct-reply-to-binding: the bare pseudo-queue name is not a queue: 404, the finding's brokerError", async () => {
    const source = `const amqp = require('amqplib');\nexports.run = async (url) => {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.bindQueue('amq.rabbitmq.reply-to', 'amq.direct', 'k');\n};\n`;
    const [finding] = only(codemod(source).findings, 'direct-reply-to-binding');
    const ch = await conn.createChannel();
    const reply = await closingReply(ch, () => ch.bindQueue('amq.rabbitmq.reply-to', 'amq.direct', 'k'));
    expect(reply, showReply(replyOf(reply))).toBe(finding?.brokerError);
  });

  it('direct-reply-to-mandatory: a mandatory reply to a requester that has gone is confirmed and never returned', async () => {
    const source = `const amqp = require('amqplib');\nexports.run = async (url) => {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.consume('rpc', (msg) => {\n    ch.sendToQueue(msg.properties.replyTo, Buffer.from('pong'), { mandatory: true });\n  });\n};\n`;
    const [finding] = only(codemod(source).findings, 'direct-reply-to-mandatory');
    expect(finding?.message).toContain('no basic.return arrives');

    const { ch: req, replyTo } = await requester();
    await req.close();
    const ch = await conn.createConfirmChannel();
    const returned: string[] = [];
    ch.on('return', (m: amqp.Message) => returned.push(m.fields.routingKey));
    ch.sendToQueue(replyTo, Buffer.from('pong'), { mandatory: true });
    await withTimeout(ch.waitForConfirms(), OP_TIMEOUT, 'the confirm');
    // A basic.return is sent before the confirm it belongs to: none came.
    expect(returned).toEqual([]);

    // The control: mandatory still returns a message no queue takes.
    ch.publish('amq.direct', `nobody-${queueName('x')}`, Buffer.from('lost'), { mandatory: true });
    await withTimeout(ch.waitForConfirms(), OP_TIMEOUT, 'the confirm');
    expect(returned).toHaveLength(1);
    await ch.close();
  });

  describe('amqp10-v1-address (rhea, AMQP 1.0 on the same listener)', () => {
    // rhea has no types of its own that vitest needs here: the container API is used as documented.
    const rhea = require('rhea') as { create_container(): { connect(o: object): RheaConnection } };
    interface RheaLink {
      on(event: string, cb: (ctx: { sender?: { error?: { condition: string; description: string } } }) => void): void;
      error?: { condition: string; description: string };
    }
    interface RheaConnection {
      open_sender(a: string): RheaLink;
      close(): void;
      on(event: string, cb: () => void): void;
    }

    /** The broker breaks its refusal text over lines: compared without whitespace. */
    const fold = (text: string) => text.replace(/\s+/g, '');

    /** 'attached', or the broker's refusal as `condition - description` (whitespace folded). */
    function attachSender(address: string): Promise<string> {
      const url = new URL(strictUrl());
      const connection = rhea.create_container().connect({ host: url.hostname, port: Number(url.port), username: decodeURIComponent(url.username), password: decodeURIComponent(url.password), hostname: 'vhost:/', reconnect: false });
      connection.on('error', () => undefined);
      const outcome = new Promise<string>((resolve) => {
        const sender = connection.open_sender(address);
        sender.on('sendable', () => resolve('attached'));
        sender.on('sender_error', () => resolve(fold(`${sender.error?.condition} - ${sender.error?.description}`)));
      });
      return withTimeout(outcome, OP_TIMEOUT, `attach to ${address}`).finally(() => connection.close());
    }

    it("a v1 address is refused with the finding's brokerError, and the rewritten v2 address is accepted", async () => {
      const source = `const rhea = require('rhea');\nconst connection = rhea.connect({});\nconnection.open_sender('/exchange/amq.direct/wire-k');\n`;
      const result = codemod(source);
      const [finding] = only(result.findings, 'amqp10-v1-address');
      expect(finding?.fix.kind).toBe('rewrite');
      expect(await attachSender('/exchange/amq.direct/wire-k')).toBe(fold(finding.brokerError!));
      const rewritten = /open_sender\('([^']+)'\)/.exec(result.output)![1];
      expect(rewritten).toBe('/exchanges/amq.direct/wire-k');
      expect(await attachSender(rewritten)).toBe('attached');
    });

    it("the rule's headline brokerError is the broker's answer to /queue/Q", async () => {
      const q = queueName('wire-v1');
      expect(await attachSender(`/queue/${q}`)).toBe(fold(ruleById('amqp10-v1-address')!.meta.brokerError!.replace('/queue/Q', `/queue/${q}`)));
    });
  });
});
