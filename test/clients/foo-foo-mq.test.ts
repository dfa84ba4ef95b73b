import { describe, expect, it } from 'vitest';
import { cli, project, marker } from '../helpers';
import { fixAndRecheck, scan, summary } from './end-to-end';

// The topology lives in its own module, as foo-foo-mq's docs suggest; index.js passes it to configure().
const TOPOLOGY = `module.exports = {
  connection: { host: process.env.RABBIT_HOST, port: 5672 },
  exchanges: [
    { name: 'ex.orders', type: 'topic' },
    { name: 'ex.audit', type: 'fanout', noConfirm: true },
  ],
  queues: [
    { name: 'q.orders', type: 'quorum', durable: false, deadLetter: 'ex.dead', subscribe: true, limit: 20 },
    { name: 'q.audit', queueVersion: 1, subscribe: true, limit: 50 },
    { name: 'q.reports', durable: false, subscribe: true },
  ],
  bindings: [{ exchange: 'ex.orders', target: 'q.orders', keys: ['order.#'] }],
};
`;

const INDEX = `const rabbit = require('foo-foo-mq');
const topology = require('./topology');

rabbit.handle({ queue: 'q.orders', type: 'order.created' }, (message) => {
  console.log(message.body);
  message.ack();
});

async function main() {
  await rabbit.configure(topology);
  await rabbit.addQueue('q.stream', { type: 'stream', autoDelete: true });
  for (const id of [1, 2, 3]) {
    await rabbit.publish('ex.orders', { type: 'order.created', body: { id } });
  }
}

main();
`;

const FILES = { 'src/topology.js': TOPOLOGY, 'src/index.js': INDEX };

const REPLY_ADVICE =
  "give the connection replyQueue: false if this process sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true, limit: 10 } so that its replies come with a prefetch";

describe('foo-foo-mq, end to end', () => {
  it('finds every refused queue of the imported topology and of addQueue, reported where configure() is called', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const { findings, consumers } = JSON.parse(r.stdout) as ReturnType<typeof scan>;
    expect(summary(findings)).toEqual([
      ['deprecated-queue-argument', 'error', 'src/index.js', 10, 'q.audit', 'rewrite'],
      ['quorum-queue-invalid-property', 'error', 'src/index.js', 10, 'q.orders', 'rewrite'],
      ['transient-nonexclusive-queue', 'error', 'src/index.js', 10, 'q.reports', 'rewrite'],
      ['unbounded-prefetch', 'warning', 'src/index.js', 10, 'q.reports', 'annotate'],
      ['stream-queue-invalid-property', 'error', 'src/index.js', 11, 'q.stream', 'rewrite'],
      ['sequential-confirms', 'info', 'src/index.js', 13, null, 'none'],
      // The connection has no replyQueue: foo-foo-mq declares and consumes a reply queue with no limit, reported at the connection.
      ['unbounded-prefetch', 'warning', 'src/topology.js', 2, null, 'annotate'],
    ]);
    expect(findings.every((f) => f.client === 'foo-foo-mq')).toBe(true);
    expect(findings[2].message).toContain('The value is set at src/topology.js:10.');
    // subscribe: true starts a consumer; `limit` is its prefetch (none without it).
    expect(consumers.map((c) => [c.queue, c.ack, c.prefetch])).toEqual([
      [null, 'manual', null],
      ['q.orders', 'manual', 20],
      ['q.audit', 'manual', 50],
      ['q.reports', 'manual', null],
    ]);
  });

  it('fix --write edits the topology module and the addQueue options in foo-foo-mq keys', () => {
    const replies = marker('', 'unbounded-prefetch', REPLY_ADVICE);
    fixAndRecheck(FILES, {
      'src/topology.js': replies + TOPOLOGY.replace("type: 'quorum', durable: false", "type: 'quorum', durable: true")
        .replace("queueVersion: 1, ", '')
        .replace("{ name: 'q.reports', durable: false,", "{ name: 'q.reports', durable: true,"),
      'src/index.js': INDEX.replace("{ type: 'stream', autoDelete: true }", "{ type: 'stream', autoDelete: false }").replace(
        '  await rabbit.configure(topology);',
        marker('  ', 'unbounded-prefetch', "give the queue a limit (foo-foo-mq's prefetch for it) in its options, e.g. { name: 'orders', limit: 10 }") + "  await rabbit.configure(topology);",
      ),
    });
  });

  it('startSubscription(name) takes the noAck and limit of the queue another module configures, and foo-foo-mq\'s defaults where none is shown', () => {
    const topology = `const rabbit = require('rabbot');

module.exports = () => rabbit.configure({
  connection: { server: 'localhost', replyQueue: false },
  queues: [{ name: 'orders', limit: 20 }, { name: 'audit' }, { name: 'events', noAck: true, subscribe: true }],
});
`;
    const worker = `const rabbit = require('rabbot');
const connect = require('./topology');

connect().then(() => {
  rabbit.startSubscription('orders');
  rabbit.startSubscription('audit');
  rabbit.startSubscription('events');
  rabbit.startSubscription(process.env.EXTRA_QUEUE);
});
`;
    const { findings, consumers } = scan(project({ 'src/topology.js': topology, 'src/worker.js': worker }));
    // 'events' subscribes itself (subscribe: true): the second subscription adds no consumer.
    expect(consumers.map((c) => [c.file, c.line, c.queue, c.ack, c.prefetch, c.verdict])).toEqual([
      ['src/topology.js', 5, 'events', 'auto', null, 'unsafe'],
      ['src/worker.js', 5, 'orders', 'manual', 20, 'safe'],
      ['src/worker.js', 6, 'audit', 'manual', null, 'unsafe'],
      ['src/worker.js', 8, null, 'manual', null, 'unsafe'],
    ]);
    // The missing limit of 'audit' is reported at its entry, where the fix goes; the unseen queue says what it assumes.
    expect(summary(findings).filter((f) => f[0] === 'unbounded-prefetch')).toEqual([
      ['unbounded-prefetch', 'warning', 'src/topology.js', 5, 'audit', 'annotate'],
      ['unbounded-prefetch', 'warning', 'src/worker.js', 8, null, 'annotate'],
    ]);
    expect(findings.find((f) => f.file === 'src/worker.js')!.message).toContain("judged with foo-foo-mq's defaults for them (noAck false, and a prefetch only from a limit)");
  });
});
