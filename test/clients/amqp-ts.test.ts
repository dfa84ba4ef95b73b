import { describe, expect, it } from 'vitest';
import { cli, project, marker } from '../helpers';
import { fixAndRecheck, scan, summary, type JsonFinding } from './end-to-end';

const BROKER = `import * as Amqp from 'amqp-ts';

export const connection = new Amqp.Connection(process.env.AMQP_URL ?? 'amqp://localhost');

export const orders = connection.declareQueue('orders', { durable: false, prefetch: 10 });
export const payments = connection.declareQueue('payments', {
  arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
  maxPriority: 10,
});

export function declareTopology() {
  return connection.declareTopology({
    exchanges: [{ name: 'audit', type: 'fanout' }],
    queues: [
      { name: 'audit.log', options: { durable: false } },
      { name: 'audit.archive', options: { arguments: { 'x-queue-master-locator': 'client-local' } } },
    ],
    bindings: [{ source: 'audit', queue: 'audit.log' }],
  });
}
`;

const WORKERS = `import { Connection, Queue } from 'amqp-ts';

export function startWorkers(connection: Connection, orders: Queue) {
  orders.activateConsumer((message) => {
    console.log('order', message.getContent());
    message.ack();
  });
  const notifications = connection.declareExchange('notifications', 'fanout');
  notifications.activateConsumer((message) => console.log(message.getContent()), { noAck: true });
}
`;

const UTIL = `export const sum = (a: number, b: number) => a + b;\n`;

const FILES = { 'src/broker.ts': BROKER, 'src/workers.ts': WORKERS, 'src/util.ts': UTIL };

describe('amqp-ts, end to end', () => {
  it('finds every refused declaration, the implicit exchange-consumer queue and the unsafe consumers', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const { findings, consumers } = JSON.parse(r.stdout) as ReturnType<typeof scan>;
    expect(summary(findings)).toEqual([
      ['transient-nonexclusive-queue', 'error', 'src/broker.ts', 5, 'orders', 'rewrite'],
      ['queue-argument-not-supported', 'error', 'src/broker.ts', 8, 'payments', 'rewrite'],
      ['transient-nonexclusive-queue', 'error', 'src/broker.ts', 15, 'audit.log', 'rewrite'],
      ['deprecated-queue-argument', 'error', 'src/broker.ts', 16, 'audit.archive', 'rewrite'],
      ['unbounded-prefetch', 'info', 'src/workers.ts', 4, null, 'none'],
      ['auto-ack-consumer', 'warning', 'src/workers.ts', 9, null, 'annotate'],
      ['transient-nonexclusive-queue', 'error', 'src/workers.ts', 9, null, 'annotate'],
    ]);
    expect(findings.every((f: JsonFinding) => f.client === 'amqp-ts')).toBe(true);
    // The queue amqp-ts declares for an exchange consumer: durable false is amqp-ts's own choice.
    expect(findings[6].message).toContain("durable defaults to false in amqp-ts's exchange.activateConsumer()");
    expect(findings[6].fix.description).toContain('declare a durable queue with connection.declareQueue(name, { durable: true })');
    // A queue handed in as a typed parameter: its prefetch option is declared elsewhere.
    expect(consumers.map((c) => [c.line, c.queue, c.ack, c.prefetch, c.verdict])).toEqual([
      [4, null, 'manual', null, 'unknown'],
      [9, null, 'auto', null, 'unsafe'],
    ]);
  });

  it('fix --write rewrites the options objects and topology entries; only the implicit queue is left, annotated', () => {
    fixAndRecheck(
      FILES,
      {
        'src/broker.ts': BROKER.replace("{ durable: false, prefetch: 10 }", "{ durable: true, prefetch: 10 }")
          .replace("  maxPriority: 10,\n", '')
          .replace("options: { durable: false } }", "options: { durable: true } }")
          .replace("'x-queue-master-locator': 'client-local'", "'x-queue-leader-locator': 'client-local'"),
        'src/workers.ts': WORKERS.replace(
          '  notifications.activateConsumer(',
          marker('  ', 'transient-nonexclusive-queue', "declare the queue durable: true (add an expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this connection uses it (not rewritten: amqp-ts's exchange.activateConsumer() declares its own queue with { durable: false } and no option changes that: declare a durable queue with connection.declareQueue(name, { durable: true }), bind it with queue.bind(exchange, pattern) and consume it with queue.activateConsumer() instead)") +
            marker('  ', 'auto-ack-consumer', "consume with noAck: false, call ack(msg) after the handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming") +
            '  notifications.activateConsumer(',
        ),
      },
      [['transient-nonexclusive-queue', 'src/workers.ts', 17]],
    );
  });
});
