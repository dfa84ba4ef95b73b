/**
 * Issue 34: `audit` with code paths shows each consumer of the code beside its queue on a real broker: publish N
 * messages to a queue, audit a code folder that consumes it without a prefetch, and the row shows N ready.
 */
import * as amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, project } from '../helpers';
import { BROKER_REQUIRED, BROKER_URL, redact } from './broker-env';
import { api, createVhost, deleteVhost, MANAGEMENT_URL, managementProblem } from './management';

const N = 37;
const problem = BROKER_URL ? managementProblem() : 'no broker at RABBITMQ_URL (not set)';

describe.skipIf(!!problem && !BROKER_REQUIRED)('audit: the code\'s consumers beside the broker\'s backlog (needs RABBITMQ_URL and RABBITMQ_MANAGEMENT_URL)', () => {
  let vhost = '';
  beforeAll(async () => {
    if (problem) throw new Error(`${problem} (${BROKER_URL ? redact(BROKER_URL) : ''})`);
    vhost = await createVhost('audit-consumers');
    const url = new URL(BROKER_URL!);
    url.pathname = `/${encodeURIComponent(vhost)}`;
    const conn = await amqp.connect(url.toString());
    const ch = await conn.createConfirmChannel();
    await ch.assertQueue('backlog', { durable: true });
    for (let i = 0; i < N; i++) ch.sendToQueue('backlog', Buffer.from(`m${i}`), { persistent: true });
    await ch.waitForConfirms();
    await conn.close();
    // The management API's counts are sampled: wait until they show the messages.
    for (let i = 0; i < 60; i++) {
      const q = JSON.parse((await api('GET', `/api/queues/${encodeURIComponent(vhost)}/backlog`)).text);
      if (q.messages_ready === N) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  });
  afterAll(() => deleteVhost(vhost));

  it('matches the row\'s queue to the broker\'s and shows its messages ready and consumers', () => {
    const dir = project({
      'package.json': '{ "name": "w", "dependencies": { "amqplib": "0.10.7" } }\n',
      'src/worker.ts': `import amqp from 'amqplib';
export async function run(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.consume('backlog', (m) => { if (m) ch.ack(m); });
}
`,
    });
    const r = cli(dir, 'audit', 'src', '--management-url', MANAGEMENT_URL!, '--vhost', vhost, '--format', 'json');
    const report = JSON.parse(r.stdout);
    expect(report.consumers).toEqual([
      expect.objectContaining({ file: 'src/worker.ts', line: 4, queue: 'backlog', ack: 'manual', prefetch: null, verdict: 'unsafe', priority: 1, broker: { vhost, queue: 'backlog', messagesReady: N, messages: N, consumers: 0 } }),
    ]);
    const text = cli(dir, 'audit', 'src', '--management-url', MANAGEMENT_URL!, '--vhost', vhost).stdout;
    expect(text).toMatch(new RegExp(`src/worker\\.ts:4\\s+backlog\\s+manual\\s+none\\s+unsafe\\s+'backlog': ${N} ready, 0 consumers`));
  });
});
