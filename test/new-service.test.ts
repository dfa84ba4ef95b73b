import { describe, expect, it } from 'vitest';
import { cli, project, read } from './helpers';

/**
 * Issue 11, tried as a new user would: a small service with an old amqplib pinned in package.json, a
 * retry consumer that counts x-death and republishes, and a delayed-message exchange. Every item must
 * be reported with what to do, and `fix --write` must change what is safe and annotate the rest.
 */
const SERVICE = {
  'package.json': `{
  "name": "billing-service",
  "version": "1.0.0",
  "dependencies": {
    "amqplib": "^0.8.0",
    "express": "^4.18.2"
  }
}
`,
  'src/retry-consumer.js': `const amqp = require('amqplib');

const MAX_RETRIES = 3;

async function main() {
  const conn = await amqp.connect('amqp://localhost');
  const ch = await conn.createChannel();
  await ch.prefetch(10);
  await ch.assertExchange('billing.delayed', 'x-delayed-message', { durable: true, arguments: { 'x-delayed-type': 'direct' } });
  await ch.assertQueue('billing.invoices', { durable: true });
  await ch.consume('billing.invoices', async (msg) => {
    try {
      await handle(JSON.parse(msg.content.toString()));
      ch.ack(msg);
    } catch (err) {
      const deaths = (msg.properties.headers && msg.properties.headers['x-death']) || [];
      const count = deaths.length ? deaths[0].count : 0;
      if (count >= MAX_RETRIES) {
        ch.nack(msg, false, false);
        return;
      }
      ch.publish('billing.delayed', 'billing.invoices', msg.content, { headers: msg.properties.headers });
      ch.ack(msg);
    }
  });
}

async function handle(invoice) {
  if (!invoice.id) throw new Error('invoice without id');
}

main();
`,
};

interface ReportFinding {
  ruleId: string;
  file: string;
  line: number;
  severity: string;
  message: string;
  fix: { kind: string; description: string };
}

describe('a small service, as a new user runs the tool on it (issue 11)', () => {
  it('reports the old amqplib, the x-death retry counter and the delayed-message exchange, each with what to do', () => {
    const dir = project(SERVICE);
    const report = JSON.parse(cli(dir, 'scan', '--format', 'json', '--fail-on', 'never').stdout) as { findings: ReportFinding[] };
    const byRule = (id: string) => report.findings.filter((f) => f.ruleId === id);

    const [frameMax] = byRule('client-frame-max');
    expect(frameMax).toMatchObject({ file: 'package.json', line: 5, severity: 'error', fix: { kind: 'rewrite' } });
    expect(frameMax.message).toContain('cannot connect');
    expect(frameMax.fix.description).toContain('0.10.7');

    const [xDeath] = byRule('x-death-retry-count');
    expect(xDeath).toMatchObject({ file: 'src/retry-consumer.js', severity: 'warning', fix: { kind: 'annotate' } });
    expect(xDeath.message).toMatch(/x-death/);

    const [delayed] = byRule('delayed-message-exchange');
    expect(delayed).toMatchObject({ file: 'src/retry-consumer.js', line: 9, severity: 'error', fix: { kind: 'annotate' } });
    expect(delayed.message).toContain('x-delayed-message');

    // The text report a person reads says what to do for each.
    const text = cli(dir, 'scan', '--fail-on', 'never').stdout;
    for (const id of ['client-frame-max', 'x-death-retry-count', 'delayed-message-exchange']) expect(text).toContain(id);
  });

  it('fix --write raises the amqplib range, annotates the retry counter and the exchange, and a second run changes nothing', () => {
    const dir = project(SERVICE, { git: true });
    const first = cli(dir, 'fix', '--write');
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(read(dir, 'package.json')).dependencies.amqplib).toBe('^0.10.7');
    const worker = read(dir, 'src/retry-consumer.js');
    expect(worker).toContain('x-delayed-message');
    const markers = worker.split('\n').filter((l) => /rabbitmq4-codemod/.test(l));
    expect(markers.join('\n')).toMatch(/delayed-message-exchange/);
    expect(markers.join('\n')).toMatch(/x-death-retry-count/);

    // Running the tool again (the fixed files are not committed yet) leaves them as they are.
    const again = cli(dir, 'fix', '--write', '--allow-dirty');
    expect(again.code, again.stderr).toBe(0);
    expect(read(dir, 'src/retry-consumer.js')).toBe(worker);
    expect(JSON.parse(read(dir, 'package.json')).dependencies.amqplib).toBe('^0.10.7');
  });
});
