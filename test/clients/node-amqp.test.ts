import { describe, expect, it } from 'vitest';
import { cli, project, marker } from '../helpers';
import { fixAndRecheck, scan, summary } from './end-to-end';

const WORKER = `var amqp = require('amqp');

var connection = amqp.createConnection({ url: process.env.AMQP_URL });

connection.on('ready', function () {
  connection.queue('jobs', function (q) {
    q.bind('work', '#');
    q.subscribe({ ack: true, prefetchCount: 5 }, function (job) {
      run(job);
      q.shift();
    });
  });

  connection.queue('events', { durable: false }, function (q) {
    q.bind('events', '#');
    q.subscribe(function (event) {
      console.log(event);
    });
  });

  connection.queue('', function (q) {
    q.bind('broadcast', '#');
  });

  connection.queue('ledger', { durable: true, autoDelete: false, arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 3 } });
});

function run(job) {
  console.log(job);
}
`;

const FILES = { 'worker.js': WORKER };

describe('amqp (node-amqp), end to end', () => {
  it('finds the queues node-amqp declares transient by default and the auto-ack subscription', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const { findings, consumers } = JSON.parse(r.stdout) as ReturnType<typeof scan>;
    expect(summary(findings)).toEqual([
      ['transient-nonexclusive-queue', 'error', 'worker.js', 6, 'jobs', 'rewrite'],
      ['transient-nonexclusive-queue', 'error', 'worker.js', 14, 'events', 'rewrite'],
      ['auto-ack-consumer', 'warning', 'worker.js', 16, 'events', 'annotate'],
      ['transient-nonexclusive-queue', 'error', 'worker.js', 21, '', 'rewrite'],
      ['quorum-delivery-limit-default', 'info', 'worker.js', 25, 'ledger', 'none'],
      ['queue-argument-not-supported', 'error', 'worker.js', 25, 'ledger', 'rewrite'],
    ]);
    expect(findings.every((f) => f.client === 'node-amqp')).toBe(true);
    expect(findings[0].message).toContain('durable defaults to false in node-amqp');
    expect(consumers.map((c) => [c.line, c.queue, c.ack, c.prefetch, c.verdict])).toEqual([
      [8, 'jobs', 'manual', 5, 'safe'],
      [16, 'events', 'auto', null, 'unsafe'],
    ]);
  });

  it('fix --write adds or edits the options argument (before the open callback) and nothing else', () => {
    fixAndRecheck(FILES, {
      'worker.js': WORKER.replace("connection.queue('jobs', function", "connection.queue('jobs', { durable: true }, function")
        .replace("connection.queue('events', { durable: false }", "connection.queue('events', { durable: true }")
        .replace(
          '    q.subscribe(function (event) {',
          marker('    ', 'auto-ack-consumer', "consume with noAck: false, call ack(msg) after the handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming") + "    q.subscribe(function (event) {",
        )
        .replace("connection.queue('', function", "connection.queue('', { exclusive: true }, function")
        .replace("'x-queue-type': 'quorum', 'x-max-priority': 3 }", "'x-queue-type': 'quorum' }"),
    });
  });
});
