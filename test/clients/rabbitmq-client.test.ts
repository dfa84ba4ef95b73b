import { describe, expect, it } from 'vitest';
import { cli, project, marker } from '../helpers';
import { fixForReal, rows, scanJson } from './rabbitmq-client-cloudamqp-e2e';

const BROKER = `import { Connection } from 'rabbitmq-client';

export const rabbit = new Connection(process.env.RABBITMQ_URL ?? 'amqp://localhost');

export async function declareTopology(): Promise<void> {
  await rabbit.queueDeclare('jobs');
  await rabbit.queueDeclare({ queue: 'payments', arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
  await rabbit.queueDeclare({ queue: 'reports', durable: true, arguments: { 'x-queue-master-locator': 'min-masters' } });
  await rabbit.queueDeclare({ queue: 'legacy', passive: true });
}

export const publisher = rabbit.createPublisher({
  confirm: true,
  queues: [{ queue: 'emails' }, { queue: 'invoices', durable: true }],
});
`;

const WORKERS = `import type { Connection } from 'rabbitmq-client';

declare function sendEmail(body: unknown): Promise<void>;

export function startWorkers(rabbit: Connection) {
  rabbit.createConsumer({
    queue: 'emails',
    qos: { prefetchCount: 10 },
  }, async (msg) => {
    await sendEmail(msg.body);
  });

  rabbit.createConsumer({
    queue: 'audit',
    queueOptions: { exclusive: true, arguments: { 'x-queue-type': 'stream' } },
    qos: { prefetchCount: 100, global: true },
  }, async (msg) => {
    console.log(msg.body);
  });

  rabbit.createConsumer({ queue: 'page-views', queueOptions: { durable: true }, noAck: true }, async (msg) => {
    console.log(msg.body);
  });
}
`;

const UTIL = `export const sum = (a: number, b: number) => a + b;\n`;

const FILES = { 'src/broker.ts': BROKER, 'src/workers.ts': WORKERS, 'src/util.ts': UTIL };

describe('rabbitmq-client, end to end', () => {
  it('finds every refused declaration with rabbitmq-client defaults, and the unsafe consumers', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const { findings, consumers } = scanJson(dir);
    expect(rows(findings)).toEqual([
      ['transient-nonexclusive-queue', 'error', 'src/broker.ts', 6, 'jobs', 'rewrite'],
      ['quorum-queue-invalid-property', 'error', 'src/broker.ts', 7, 'payments', 'rewrite'],
      ['deprecated-queue-argument', 'error', 'src/broker.ts', 8, 'reports', 'rewrite'],
      ['transient-nonexclusive-queue', 'error', 'src/broker.ts', 14, 'emails', 'rewrite'],
      ['transient-nonexclusive-queue', 'error', 'src/workers.ts', 6, 'emails', 'rewrite'],
      ['stream-queue-invalid-property', 'error', 'src/workers.ts', 13, 'audit', 'rewrite'],
      ['global-qos', 'warning', 'src/workers.ts', 16, null, 'rewrite'],
      ['auto-ack-consumer', 'warning', 'src/workers.ts', 21, 'page-views', 'annotate'],
    ]);
    expect(findings.every((f) => f.client === 'rabbitmq-client')).toBe(true);
    expect(findings[0].message).toContain('durable defaults to false in rabbitmq-client');
    expect(consumers.map((c) => [c.file, c.line, c.queue, c.ack, c.prefetch, c.verdict])).toEqual([
      ['src/workers.ts', 6, 'emails', 'manual', 10, 'safe'],
      ['src/workers.ts', 13, 'audit', 'manual', 100, 'safe'],
      ['src/workers.ts', 21, 'page-views', 'auto', null, 'unsafe'],
    ]);
  });

  it('fix --write makes every declaration legal in rabbitmq-client syntax and changes nothing else', () => {
    fixForReal(FILES, {
      'src/broker.ts': BROKER.replace("queueDeclare('jobs')", "queueDeclare({ queue: 'jobs', durable: true })")
        .replace("'x-delivery-limit': 5 } }", "'x-delivery-limit': 5 }, durable: true }")
        .replace("'x-queue-master-locator': 'min-masters'", "'x-queue-leader-locator': 'balanced'")
        .replace("[{ queue: 'emails' }", "[{ queue: 'emails', durable: true }"),
      'src/workers.ts': WORKERS.replace("    qos: { prefetchCount: 10 },\n", "    qos: { prefetchCount: 10 },\n    queueOptions: { durable: true },\n")
        .replace("{ exclusive: true, arguments: { 'x-queue-type': 'stream' } }", "{ exclusive: false, arguments: { 'x-queue-type': 'stream' }, durable: true }")
        .replace('{ prefetchCount: 100, global: true }', '{ prefetchCount: 100 }')
        .replace(
          "  rabbit.createConsumer({ queue: 'page-views'",
          marker('  ', 'auto-ack-consumer', 'remove noAck: true from the createConsumer props (rabbitmq-client then acknowledges each message when the handler resolves, and requeues it when the handler throws) and set qos: { prefetchCount: 10 }') +
            "  rabbit.createConsumer({ queue: 'page-views'",
        ),
    });
  });
});
