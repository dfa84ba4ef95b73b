import { describe, expect, it } from 'vitest';
import { cli, project, marker } from '../helpers';
import { fixAndRecheck, scan, summary } from './end-to-end';

const RABBIT = `const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);

module.exports = { rabbit, exchange: rabbit.default(), events: rabbit.topic('events') };
`;

const WORKER = `const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();
const events = rabbit.topic('events');

exchange.queue({ name: 'emails', durable: false }).consume(sendEmail);

const audit = events.queue({ name: 'audit', key: 'audit.*', arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 5 } });
audit.consume(store, { noAck: true });

events.queue({ name: 'user.events', key: 'user.*', autoDelete: true, arguments: { 'x-queue-type': 'stream' } }).consume(store);

exchange.rpcServer('resize', (data, reply) => reply(data));

function sendEmail(data, ack) {
  console.log('email', data);
  ack();
}

function store(data) {
  console.log(data);
}
`;

const FILES = { 'lib/rabbit.js': RABBIT, 'lib/worker.js': WORKER };

describe('@pager/jackrabbit, end to end', () => {
  it('finds every refused declaration, the rpcServer queue and the auto-ack consumer', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const { findings, consumers } = JSON.parse(r.stdout) as ReturnType<typeof scan>;
    expect(summary(findings)).toEqual([
      ['transient-nonexclusive-queue', 'error', 'lib/worker.js', 7, 'emails', 'rewrite'],
      ['quorum-delivery-limit-default', 'info', 'lib/worker.js', 9, 'audit', 'none'],
      ['queue-argument-not-supported', 'error', 'lib/worker.js', 9, 'audit', 'rewrite'],
      ['auto-ack-consumer', 'warning', 'lib/worker.js', 10, 'audit', 'annotate'],
      ['ineffective-prefetch', 'info', 'lib/worker.js', 10, 'audit', 'none'],
      ['stream-queue-invalid-property', 'error', 'lib/worker.js', 12, 'user.events', 'rewrite'],
      ['transient-nonexclusive-queue', 'error', 'lib/worker.js', 14, 'resize', 'annotate'],
    ]);
    expect(findings.every((f) => f.client === 'jackrabbit')).toBe(true);
    expect(findings[6].message).toContain("durable defaults to false in jackrabbit's rpcServer()");
    // jackrabbit sets prefetch 1 on each queue's channel unless told otherwise.
    expect(consumers.map((c) => [c.line, c.queue, c.ack, c.prefetch, c.verdict])).toEqual([
      [7, 'emails', 'manual', 1, 'safe'],
      [10, 'audit', 'auto', 1, 'unsafe'],
      // A stream needs a prefetch and manual ack: jackrabbit's defaults give both.
      [12, 'user.events', 'manual', 1, 'safe'],
      [14, 'resize', 'manual', 1, 'safe'],
    ]);
  });

  it('fix --write rewrites the queue options in place; only the rpcServer queue is left, annotated', () => {
    fixAndRecheck(
      FILES,
      {
        'lib/worker.js': WORKER.replace("{ name: 'emails', durable: false }", "{ name: 'emails', durable: true }")
          .replace("'x-queue-type': 'quorum', 'x-max-priority': 5 }", "'x-queue-type': 'quorum' }")
          .replace("autoDelete: true, arguments: { 'x-queue-type': 'stream' }", "autoDelete: false, arguments: { 'x-queue-type': 'stream' }")
          .replace(
            'audit.consume(',
            marker('', 'auto-ack-consumer', "consume with noAck: false, call ack(msg) after the handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming") + "audit.consume(",
          )
          .replace(
            "exchange.rpcServer('resize'",
            marker('', 'transient-nonexclusive-queue', "declare the queue durable: true (add an expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this connection uses it (not rewritten: jackrabbit's rpcServer() declares its queue with { durable: false, autoDelete: true } itself and takes no queue options: declare the queue with exchange.queue({ name: key, key, durable: true, prefetch: 1 }) and call .consume(handler) on it instead (the handler's ack(reply) answers the request the same way))") + "exchange.rpcServer('resize'",
          ),
      },
      [['transient-nonexclusive-queue', 'lib/worker.js', 22]],
    );
  });
});
