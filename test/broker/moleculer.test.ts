/**
 * Issue 6 for moleculer's AMQP transporter and @moleculer/channels' AMQP adapter: the codemod reads
 * their queue options from the ServiceBroker / ChannelsMiddleware options (src/clients/moleculer.ts,
 * moleculer-channels.ts), and its findings there are broker-refused declarations (and, for the
 * adapter, a stream consumed with noAck: true, refused with 540). Each case builds a
 * real ServiceBroker in exactly those shapes (driver-moleculer.ts) and starts it against the strict
 * RabbitMQ 4.3 broker:
 * - the original is refused with exactly the finding's brokerError, the finding's queue pattern
 *   ('MOL.*', '<group>.<channel>') standing for the queue the broker names,
 * - a rewritten module starts (every queue asserted) and has nothing left to fix,
 * - an annotated one (moleculer's own auto-delete queues cannot be quorum or stream queues; the
 *   adapter's consumer options are the user's call) is the same code with a comment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/model';
import { brokerAvailable, strictUrl, WHEN_STRICT } from './broker-env';
import { channelsModule, moleculerModule, startMoleculer, transporterExchanges } from './driver-moleculer';
import { showOutcome, type Outcome } from './drivers';
import { codemod, deleteExchanges, queueName, type Codemod } from './harness';
import { asStated, brokerScope } from './scope';

interface Case {
  rule: string;
  client: 'moleculer' | '@moleculer/channels';
  what: string;
  slug: string;
  /** The queueOptions object as the code writes it. */
  queueOptions: string;
  /** More transporter (moleculer) or `amqp` adapter (@moleculer/channels) options, as written. */
  options?: string;
  fix: 'rewrite' | 'annotate';
}

const CASES: Case[] = [
  { rule: 'transient-nonexclusive-queue', client: 'moleculer', slug: 'mol-t', what: 'queueOptions { durable: false }', queueOptions: '{ durable: false }', fix: 'rewrite' },
  { rule: 'quorum-queue-invalid-property', client: 'moleculer', slug: 'mol-qq', what: "queueOptions x-queue-type 'quorum'", queueOptions: "{ arguments: { 'x-queue-type': 'quorum' } }", fix: 'annotate' },
  {
    // The transporter asserts its EVENT, REQ and RES queues first, each with expires: autoDeleteQueues (2 minutes by default).
    rule: 'queue-argument-not-supported',
    client: 'moleculer',
    slug: 'mol-sq',
    what: "queueOptions x-queue-type 'stream' (the transporter's own x-expires)",
    queueOptions: "{ arguments: { 'x-queue-type': 'stream' } }",
    fix: 'annotate',
  },
  {
    rule: 'stream-queue-invalid-property',
    client: 'moleculer',
    slug: 'mol-sq-noexp',
    what: "queueOptions x-queue-type 'stream', autoDeleteQueues: false",
    queueOptions: "{ arguments: { 'x-queue-type': 'stream' } }",
    options: 'autoDeleteQueues: false,',
    fix: 'annotate',
  },
  { rule: 'queue-argument-not-supported', client: 'moleculer', slug: 'mol-arg', what: "queueOptions 'x-delivery-limit' on classic queues", queueOptions: "{ arguments: { 'x-delivery-limit': 5 } }", fix: 'rewrite' },
  { rule: 'deprecated-queue-argument', client: 'moleculer', slug: 'mol-dep', what: "queueOptions 'x-queue-master-locator'", queueOptions: "{ arguments: { 'x-queue-master-locator': 'min-masters' } }", fix: 'rewrite' },
  { rule: 'transient-nonexclusive-queue', client: '@moleculer/channels', slug: 'ch-t', what: 'amqp.queueOptions { durable: false }', queueOptions: '{ durable: false }', fix: 'rewrite' },
  { rule: 'quorum-queue-invalid-property', client: '@moleculer/channels', slug: 'ch-qq', what: 'an auto-delete quorum queue', queueOptions: "{ autoDelete: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } }", fix: 'rewrite' },
  { rule: 'stream-queue-invalid-property', client: '@moleculer/channels', slug: 'ch-sq', what: 'a non-durable stream', queueOptions: "{ durable: false, arguments: { 'x-queue-type': 'stream' } }", fix: 'rewrite' },
  { rule: 'queue-argument-not-supported', client: '@moleculer/channels', slug: 'ch-arg', what: "a quorum queue with 'x-max-priority'", queueOptions: "{ arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 10 } }", fix: 'rewrite' },
  {
    rule: 'stream-consumer-requirements',
    client: '@moleculer/channels',
    slug: 'ch-sc',
    what: 'a stream consumed with consumerOptions { noAck: true }',
    queueOptions: "{ arguments: { 'x-queue-type': 'stream' } }",
    options: 'consumerOptions: { noAck: true },',
    fix: 'annotate',
  },
  { rule: 'deprecated-queue-argument', client: '@moleculer/channels', slug: 'ch-dep', what: "'x-queue-master-locator'", queueOptions: "{ arguments: { 'x-queue-master-locator': 'min-masters' } }", fix: 'rewrite' },
];

/** The transporter's queues of one namespace (node 'node-1', service 'greeter'), for cleaning up. */
const transporterQueues = (ns: string) => ['EVENT.node-1', 'REQ.node-1', 'RES.node-1', 'REQB.greeter.hello', 'DISCOVER.node-1', 'INFO.node-1', 'PING.node-1', 'PONG.node-1', 'HEARTBEAT.node-1', 'DISCONNECT.node-1'].map((q) => `MOL-${ns}.${q}`);

/** How the module text names its queues (the finding's pattern) and which names the broker may use for them. */
function caseModule(c: Case) {
  if (c.client === 'moleculer') {
    const ns = queueName(c.slug);
    return { source: moleculerModule(ns, c.queueOptions, c.options), pattern: 'MOL.*', matches: (q: string) => q.startsWith(`MOL-${ns}.`), queues: transporterQueues(ns), exchanges: transporterExchanges(ns), ns };
  }
  // The adapter's exchange is named after the channel: the channel's name is the unique one.
  const channel = queueName(c.slug);
  const queue = `workers.${channel}`;
  return { source: channelsModule('workers', channel, c.queueOptions, c.options), pattern: '<group>.<channel>', matches: (q: string) => q === queue, queues: [queue], exchanges: [channel], ns: channel };
}

/** The queue the broker's reply names, if it names one. */
const refusedQueue = (o: Outcome) => (o.accepted ? undefined : /queue '([^']*)'/.exec(o.reply?.text ?? '')?.[1]);

/** The code without the codemod's annotation comments. */
// A marker and the lines it is wrapped onto.
const withoutAnnotations = (text: string) => text.replace(/^[ \t]*\/\/ rabbitmq4-codemod\(.*\n(?:[ \t]*\/\/ .*\n)*/gm, '');

describe.skipIf(!brokerAvailable())(`moleculer and @moleculer/channels against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const scope = brokerScope('rmq4-moleculer-', strictUrl);
  const exchanges = new Set<string>();
  afterAll(() => deleteExchanges(strictUrl(), exchanges), 60_000);

  for (const c of CASES) {
    describe(`${c.rule} · ${c.client} · ${c.what}`, () => {
      const { source, pattern, matches, queues, exchanges: made, ns } = caseModule(c);
      const file = `${c.slug}.js`;
      let fixed: Codemod;
      let finding: Finding | undefined;
      let before: Outcome;
      let after: Outcome | undefined;

      const result = scope.parallel(async () => {
        for (const q of queues) scope.created.add(q);
        for (const e of made) exchanges.add(e);
        const fixed = codemod(source, file);
        const mine = fixed.findings.filter((f) => f.ruleId === c.rule);
        const before = await startMoleculer(scope.sandbox, source, strictUrl());
        const after = c.fix === 'rewrite' ? await startMoleculer(scope.sandbox, fixed.output, strictUrl()) : undefined;
        return { fixed, finding: mine.length === 1 ? mine[0] : undefined, before, after };
      });
      beforeAll(async () => void ({ fixed, finding, before, after } = await result()), 60_000);

      it(`the codemod finds ${c.rule} once, as ${c.client}, for the queues '${pattern}', and ${c.fix === 'rewrite' ? 'rewrites' : 'annotates'} it`, () => {
        expect(fixed.findings.filter((f) => f.ruleId === c.rule).map((f) => [f.client, f.queue, f.severity, f.fix.kind])).toEqual([[c.client, pattern, 'error', c.fix]]);
      });

      it("the original is refused with exactly the finding's brokerError (the refused queue is one of the pattern's)", () => {
        expect(before.accepted, `the broker accepted:\n${source}`).toBe(false);
        const queue = refusedQueue(before);
        if (finding!.brokerError!.includes(`'${pattern}'`)) expect(queue && matches(queue), `the broker refused queue ${queue}; the finding names '${pattern}'`).toBe(true);
        const stated = queue ? finding!.brokerError!.split(`'${pattern}'`).join(`'${queue}'`) : finding!.brokerError!;
        const { actual, want } = asStated(before.accepted ? undefined : before.reply, stated);
        expect(actual, `${c.client} surfaced ${showOutcome(before)}; the finding says ${finding!.brokerError}`).toEqual(want);
      });

      if (c.fix === 'rewrite') {
        it('the fixed module starts (every queue asserted), and nothing is left to fix', () => {
          expect(showOutcome(after!), `fixed module:\n${fixed.output}`).toMatch(/^accepted/);
          const again = codemod(fixed.output, file);
          expect(again.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
          expect(again.output).toBe(fixed.output);
        });
      } else {
        it('the output is the same code with the advice as a comment', () => {
          expect(fixed.output).not.toBe(source);
          expect(withoutAnnotations(fixed.output)).toBe(source);
        });
      }
    });
  }
});
