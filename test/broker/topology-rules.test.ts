/**
 * Issue 11 (topology rules) against the strict RabbitMQ 4.3 broker (RABBITMQ_URL): each case is a
 * small amqplib module; the codemod reads exactly that text, and the module is run on the broker.
 * - refused cases: the finding's brokerError and the rule's meta.brokerError are the broker's reply;
 * - accepted cases: the broker takes the code the rule warns about without an error (the rule is
 *   about silent behaviour) and the finding states no broker error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleById } from '../../src/rules';
import { brokerAvailable, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, expectedReply, queueName, Sandbox, withQueueName } from './harness';
import { execute, showOutcome, type Outcome } from './drivers';

interface TopologyCase {
  rule: string;
  what: string;
  /** The module's body: `channel` is an amqplib channel; it returns the last call's promise. */
  body: (name: string) => string;
  slug: string;
  /** Refused: the text the rule's brokerError must match. Accepted: no error. */
  broker: 'refused' | 'accepted';
  /** The rule's main case: meta.brokerError must be the broker's reply to it. */
  main?: boolean;
}

const module = (body: string) => `'use strict';
const amqp = require('amqplib');

module.exports = async function run(url, watch) {
  const connection = await amqp.connect(url);
  watch(connection);
  const channel = await connection.createChannel();
${body}
};
`;

const quorum = (name: string, extra = '') => `  await channel.assertQueue('${name}', { ${extra}arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });`;

const CASES: TopologyCase[] = [
  {
    rule: 'delayed-message-exchange',
    what: "assertExchange(name, 'x-delayed-message') without the plugin",
    slug: 'delayed',
    body: (n) => `  return channel.assertExchange('${n}', 'x-delayed-message', { arguments: { 'x-delayed-type': 'direct' } });`,
    broker: 'refused',
    main: true,
  },
  {
    rule: 'quorum-delete-if-unused',
    what: 'deleteQueue(quorum, { ifUnused: true })',
    slug: 'del-unused',
    body: (n) => `${quorum(n)}\n  return channel.deleteQueue('${n}', { ifUnused: true });`,
    broker: 'refused',
    main: true,
  },
  {
    rule: 'quorum-delete-if-unused',
    what: 'deleteQueue(quorum, { ifEmpty: true })',
    slug: 'del-empty',
    body: (n) => `${quorum(n)}\n  return channel.deleteQueue('${n}', { ifEmpty: true });`,
    broker: 'refused',
  },
  {
    rule: 'consumer-timeout-argument',
    what: "consume(classic queue, { arguments: { 'x-consumer-timeout' } })",
    slug: 'ct-classic',
    body: (n) => `  await channel.assertQueue('${n}', { durable: true });\n  await channel.prefetch(1);\n  return channel.consume('${n}', (msg) => msg && channel.ack(msg), { arguments: { 'x-consumer-timeout': 60000 } });`,
    broker: 'refused',
    main: true,
  },
  {
    rule: 'consumer-timeout-argument',
    what: "consume(stream, { arguments: { 'x-consumer-timeout' } })",
    slug: 'ct-stream',
    body: (n) =>
      `  await channel.assertQueue('${n}', { durable: true, arguments: { 'x-queue-type': 'stream' } });\n  await channel.prefetch(1);\n  return channel.consume('${n}', (msg) => msg && channel.ack(msg), { arguments: { 'x-consumer-timeout': 60000 } });`,
    broker: 'refused',
  },
  {
    rule: 'quorum-reject-publish-dlx',
    what: "a quorum queue with overflow: 'reject-publish-dlx' (accepted; runs as drop-head)",
    slug: 'rpdlx',
    body: (n) => `  return channel.assertQueue('${n}', { overflow: 'reject-publish-dlx', maxLength: 10, deadLetterExchange: 'amq.fanout', arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });`,
    broker: 'accepted',
  },
  {
    rule: 'at-least-once-dead-lettering',
    what: "a quorum queue with x-dead-letter-strategy: 'at-least-once' and the default overflow (accepted; falls back)",
    slug: 'alo',
    body: (n) => `  return channel.assertQueue('${n}', { deadLetterExchange: 'amq.fanout', arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once', 'x-delivery-limit': 5 } });`,
    broker: 'accepted',
  },
];

/**
 * What the annotations say about queues that already exist, and the at-least-once case that another
 * rule owns: checked on the same broker.
 */
describe.skipIf(!brokerAvailable())(`topology rules: existing queues and neighbouring rules ${WHEN_STRICT}`, () => {
  let sandbox: Sandbox;
  const created = new Set<string>();
  beforeAll(() => {
    sandbox = new Sandbox('rmq4-topology-');
  });
  afterAll(async () => {
    await deleteQueues(strictUrl(), created);
    sandbox?.remove();
  });

  it("a quorum queue created with reject-publish-dlx refuses the declaration with reject-publish (406 inequivalent arg 'x-overflow'), as the annotation says", async () => {
    const name = queueName('topo-rpdlx-redeclare');
    created.add(name);
    const args = `arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 }`;
    const old = `  return channel.assertQueue('${name}', { overflow: 'reject-publish-dlx', ${args} });`;
    const next = `  return channel.assertQueue('${name}', { overflow: 'reject-publish', ${args} });`;
    expect(showOutcome(await execute(sandbox, 'amqplib', module(old), strictUrl()))).toMatch(/^accepted/);
    const outcome = await execute(sandbox, 'amqplib', module(next), strictUrl());
    const refusal = `406 PRECONDITION_FAILED - inequivalent arg 'x-overflow' for queue '${name}' in vhost '/': received 'reject-publish' but current is 'reject-publish-dlx'`;
    expect(outcome.accepted ? undefined : outcome.reply, showOutcome(outcome)).toEqual(expectedReply(refusal));
    const advice = codemod(module(old), 'rpdlx.js').findings.find((f) => f.ruleId === 'quorum-reject-publish-dlx')!.fix.description;
    expect(advice).toContain("406 inequivalent arg 'x-overflow'");
  });

  it('a publish with x-delay to a delayed exchange that 4.3 could not declare closes the channel with 404, as MIGRATION.md says', async () => {
    const exchange = queueName('topo-delayed-missing');
    const source = module(`  channel.publish('${exchange}', 'jobs', Buffer.from('{}'), { headers: { 'x-delay': 5000 } });\n  return channel.checkExchange('amq.direct');`);
    expect(codemod(source, 'delay.js').findings.map((f) => [f.ruleId, f.severity])).toEqual([['delayed-message-exchange', 'warning']]);
    const outcome = await execute(sandbox, 'amqplib', source, strictUrl());
    expect(outcome.accepted ? undefined : outcome.reply, showOutcome(outcome)).toEqual(expectedReply(`404 NOT_FOUND - no exchange '${exchange}' in vhost '/'`));
  });

  it('at-least-once on a classic queue is refused (406) and reported by queue-argument-not-supported with that reply, not by at-least-once-dead-lettering', async () => {
    const name = queueName('topo-alo-classic');
    created.add(name);
    const source = module(`  return channel.assertQueue('${name}', { deadLetterExchange: 'amq.fanout', arguments: { 'x-dead-letter-strategy': 'at-least-once' } });`);
    const outcome = await execute(sandbox, 'amqplib', source, strictUrl());
    const findings = codemod(source, 'alo-classic.js').findings;
    expect(findings.map((f) => f.ruleId)).toEqual(['queue-argument-not-supported']);
    expect(outcome.accepted ? undefined : outcome.reply, showOutcome(outcome)).toEqual(expectedReply(findings[0].brokerError!));
  });
});

describe.skipIf(!brokerAvailable())(`topology rules against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  let sandbox: Sandbox;
  const created = new Set<string>();
  const outcomes = new Map<string, Outcome>();
  beforeAll(async () => {
    sandbox = new Sandbox('rmq4-topology-');
    for (const c of CASES) {
      const name = queueName(`topo-${c.slug}`);
      created.add(name);
      outcomes.set(c.slug, await execute(sandbox, 'amqplib', module(c.body(name)), strictUrl()));
    }
  });
  afterAll(async () => {
    await deleteQueues(strictUrl(), created);
    sandbox?.remove();
  });

  for (const c of CASES) {
    describe(`${c.rule}: ${c.what}`, () => {
      const name = queueName(`topo-${c.slug}`);
      const source = module(c.body(name));
      const finding = () => {
        const found = codemod(source, `${c.slug}.js`).findings.filter((f) => f.ruleId === c.rule);
        expect(found, `the codemod reports ${c.rule}`).toHaveLength(1);
        return found[0];
      };

      if (c.broker === 'refused') {
        it("is refused with exactly the finding's brokerError", () => {
          const outcome = outcomes.get(c.slug)!;
          const brokerError = finding().brokerError;
          expect(brokerError, 'the finding states the broker reply').toBeTypeOf('string');
          expect(outcome.accepted ? undefined : outcome.reply, `the broker answered ${showOutcome(outcome)}`).toEqual(expectedReply(brokerError!));
        });
        if (c.main) {
          it(`${c.rule}'s meta.brokerError is the broker's reply`, () => {
            const outcome = outcomes.get(c.slug)!;
            const meta = ruleById(c.rule)!.meta.brokerError!;
            expect(outcome.accepted ? undefined : outcome.reply, `meta.brokerError says ${meta}`).toEqual(expectedReply(withQueueName(meta, name)));
          });
        }
      } else {
        it('is accepted without an error, and the finding claims none', () => {
          expect(showOutcome(outcomes.get(c.slug)!)).toMatch(/^accepted/);
          expect(finding().brokerError).toBeUndefined();
        });
      }
    });
  }
});
