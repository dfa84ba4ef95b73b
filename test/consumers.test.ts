import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, project } from './helpers';

/** A worker module with consumers of every shape the consumer rules judge. */
const WORKER = fs.readFileSync(path.join(__dirname, 'consumers-worker.fixture.ts'), 'utf8');

describe('the consumers report, as a user runs it on a worker module', () => {
  it('reports every unsafe consumer once with the right reasons, lists the safe ones as safe, and nothing else', () => {
    const dir = project({ 'worker.ts': WORKER });
    const report = JSON.parse(cli(dir, 'scan', '--format', 'json', '--fail-on', 'never').stdout);
    expect(report.consumers.map((c: { queue: string; ack: string; prefetch: number | null; verdict: string; reasons: string[] }) => [c.queue, c.ack, c.prefetch, c.verdict, c.reasons])).toEqual([
      ['emails', 'auto', null, 'unsafe', ['automatic ack: messages lost on a crash']],
      ['invoices', 'manual', null, 'unsafe', ['no prefetch: the whole backlog is pushed at once']],
      ['orders', 'manual', 10, 'safe', []],
      ['amq.rabbitmq.reply-to', 'auto', null, 'safe', []],
      ['events', 'manual', null, 'unsafe', ['a stream needs a prefetch and manual ack']],
      ['late', 'manual', null, 'unsafe', ['no prefetch: the whole backlog is pushed at once']],
      ['metrics', 'auto', 50, 'unsafe', ['automatic ack: messages lost on a crash', 'the prefetch does nothing with automatic ack']],
    ]);
    // The handlers that use msg! (or ack it) without a null check: consumer-null-message.
    expect(report.findings.map((f: { ruleId: string; line: number }) => `${f.line} ${f.ruleId}`)).toEqual([
      '10 auto-ack-consumer',
      '11 consumer-null-message',
      '16 unbounded-prefetch',
      '18 consumer-null-message',
      '24 consumer-null-message',
      '30 stream-consumer-requirements',
      '30 consumer-null-message',
      '34 unbounded-prefetch',
      '34 consumer-null-message',
      '39 global-qos',
      '40 auto-ack-consumer',
      '40 ineffective-prefetch',
    ]);
    const late = report.findings.find((f: { line: number }) => f.line === 34);
    expect(late.message).toContain('set only after the consume call');
  });

  it('shows the consumers table in the text report', () => {
    const dir = project({ 'worker.ts': WORKER });
    const text = cli(dir, 'scan', '--fail-on', 'never').stdout;
    expect(text).toMatch(/Consumers\n\(most urgent first[^)]*\)\nwhere\s+queue\s+client\s+ack\s+prefetch\s+verdict\s+why\n/);
    expect(text).toMatch(/worker\.ts:24\s+orders\s+amqplib\s+manual\s+10\s+safe/);
    expect(text).toMatch(/worker\.ts:10\s+emails\s+amqplib\s+auto\s+none\s+unsafe\s+automatic ack/);
  });

  it('says what to check for a consumer the code leaves to run time, not what would be wrong if it were', () => {
    const dir = project({
      'helper.js': `const amqp = require('amqplib');
exports.listen = async (url, queue, handler, options) => {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.consume(queue, handler, { ...options });
};
exports.drain = async (url, queue, handler, count) => {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(count);
  await ch.consume(queue, (msg) => { handler(msg); ch.ack(msg); });
};
`,
    });
    const report = JSON.parse(cli(dir, 'scan', '--format', 'json', '--fail-on', 'never').stdout);
    expect(report.consumers.map((c: { ack: string; verdict: string; reasons: string[] }) => [c.ack, c.verdict, c.reasons])).toEqual([
      ['unknown', 'unknown', ['noAck unknown: if true, messages lost on a crash']],
      // Issue 34: what decides it, and where.
      ['manual', 'unknown', ['prefetch unknown: 0 or none pushes the whole backlog at once; it is count (parameter of drain()) at helper.js:6; no call in the analysed code passes it']],
    ]);
  });
});
