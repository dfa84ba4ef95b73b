/**
 * Issue 32, against the real strict RabbitMQ 4.3 broker: a fix's output run as a user runs it. A stream consumer whose
 * x-stream-offset is a digit-string time is refused before the fix and accepted after it (the real rewritten text), and
 * the old program (durable: false) against the queue the fixed one made (durable: true) gets exactly the reply the
 * rewrite's redeclare advice quotes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, queueName, Sandbox, withTimeout } from './harness';

/** The broker's answer as the advice words it: 'accepted', or `406 PRECONDITION_FAILED - ...` (amqplib quotes the text). */
function normalize(answer: string): string {
  if (answer === 'accepted') return answer;
  const at = answer.indexOf('PRECONDITION_FAILED - ');
  return at < 0 ? answer : `406 ${answer.slice(at).replace(/"$/, '')}`;
}

type Started = { connection: { close(): Promise<unknown> }; answer: Promise<string> };

const streamConsumer = (q: string) => `'use strict';
const amqp = require('amqplib');

module.exports = async function consume(url) {
  const connection = await amqp.connect(url);
  const closed = new Promise((resolve) => connection.on('error', (err) => resolve(err.message)));
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  await channel.assertQueue('${q}', { durable: true, arguments: { 'x-queue-type': 'stream' } });
  await channel.prefetch(10);
  const started = channel.consume('${q}', (msg) => msg && channel.ack(msg), { noAck: false, arguments: { 'x-stream-offset': '1691492165' } });
  return { connection, answer: Promise.race([started.then(() => 'accepted', (err) => err.message), closed]) };
};
`;

const declarer = (q: string, options: string) => `'use strict';
const amqp = require('amqplib');

module.exports = async function declare(url) {
  const connection = await amqp.connect(url);
  const closed = new Promise((resolve) => connection.on('error', (err) => resolve(err.message)));
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  const declared = channel.assertQueue('${q}', ${options});
  return { connection, answer: Promise.race([declared.then(() => 'accepted', (err) => err.message), closed]) };
};
`;

describe.skipIf(!brokerAvailable())(`fix safety on the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const sandbox = new Sandbox('rmq4-fix-safety-');
  const queues: string[] = [];
  afterAll(async () => {
    await deleteQueues(strictUrl(), queues);
    sandbox.remove();
  });

  async function run(source: string): Promise<string> {
    const started = await sandbox.load<(url: string) => Promise<Started>>(source, 'module')(strictUrl());
    try {
      return normalize(await withTimeout(started.answer, OP_TIMEOUT, 'the broker'));
    } finally {
      await started.connection.close().catch(() => undefined);
    }
  }

  it("a digit-string x-stream-offset: refused before the fix, accepted with fix's output (the AMQP timestamp it means)", async () => {
    const q = queueName('fs-offset');
    queues.push(q);
    const before = streamConsumer(q);
    expect(await run(before)).toBe(`406 PRECONDITION_FAILED - invalid arg 'x-stream-offset' for queue '${q}' in vhost '/': {invalid_stream_offset_arg,{longstr,<<"1691492165">>}}`);
    const fixed = codemod(before, 'consume.js');
    const finding = fixed.findings.find((f) => f.ruleId === 'stream-consumer-requirements')!;
    expect(finding.fix.kind).toBe('rewrite');
    expect(fixed.output).toContain("'x-stream-offset': { '!': 'timestamp', value: 1691492165 }");
    expect(await run(fixed.output)).toBe('accepted');
  });

  it('the old program against the queue the fixed one made gets exactly the 406 the redeclare advice quotes', async () => {
    const q = queueName('fs-hello');
    queues.push(q);
    const old = declarer(q, '{ durable: false }');
    const fixed = codemod(old, 'declare.js');
    const finding = fixed.findings.find((f) => f.ruleId === 'transient-nonexclusive-queue')!;
    expect(finding.fix.kind).toBe('rewrite');
    const quoted = /gets (406 PRECONDITION_FAILED - .*?)\. Ways out/.exec(finding.fix.existingQueue ?? '')?.[1];
    expect(quoted).toBe(`406 PRECONDITION_FAILED - inequivalent arg 'durable' for queue '${q}' in vhost '/': received 'false' but current is 'true'`);
    expect(finding.fix.existingQueue).toContain('(1) stop every running instance of the old version');
    expect(await run(fixed.output)).toBe('accepted');
    expect(await run(old)).toBe(quoted);
  });
});
