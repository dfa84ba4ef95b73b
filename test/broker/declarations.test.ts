/**
 * Issue 6: every declaration rule the broker enforces, with every client the engine supports, run
 * against a real RabbitMQ 4.3 broker with upstream defaults (RABBITMQ_URL, the strict node):
 * - the original declaration is refused with exactly the reply the finding's brokerError states,
 * - the rule's meta.brokerError is the broker's reply for its main case,
 * - the declaration after `fix` (analyze + applyEdits, as `fix --write` does) is accepted.
 * Each case is a small CommonJS module using the real client library; the codemod reads and rewrites
 * exactly that text, and both versions are loaded and run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DECLARATION_RULES } from '../../src/rules';
import type { Finding } from '../../src/model';
import { brokerAvailable, strictUrl, WHEN_STRICT } from './broker-env';
import { execute, showOutcome, type Outcome } from './drivers';
import { codemod, declarationModule, deleteQueues, queueExists, queueName, withQueueName, type AmqplibClient as Client, type Codemod } from './harness';
import { asStated, brokerScope } from './scope';

interface DeclarationCase {
  rule: string;
  client: Client;
  /** What is declared (also the test's name). */
  what: string;
  /** Unique per case: the queue is named after it. */
  slug: string;
  /** The options object as the code writes it. */
  options: string;
  serverNamed?: boolean;
  /** The rule's main case: meta.brokerError must be the broker's answer to it. */
  main?: boolean;
  /** The codemod's fix: a rewrite (default) or an annotation (no safe rewrite exists). */
  fix?: 'rewrite' | 'annotate';
  /** RabbitMQ 4.3 accepts the original: the finding must not claim that the broker refuses it. */
  brokerAccepts?: boolean;
}

const T = 'transient-nonexclusive-queue';
const QQ = 'quorum-queue-invalid-property';
const SQ = 'stream-queue-invalid-property';
const ARG = 'queue-argument-not-supported';
const DEP = 'deprecated-queue-argument';

const quorum = (rest: string) => `{ ${rest}${rest ? ', ' : ''}arguments: { 'x-queue-type': 'quorum' } }`;
const stream = (rest: string) => `{ ${rest}${rest ? ', ' : ''}arguments: { 'x-queue-type': 'stream' } }`;

export const DECLARATION_CASES: DeclarationCase[] = [
  // transient-nonexclusive-queue: 541 on 4.3; durable: true (named) or exclusive: true (server-named).
  { rule: T, client: 'amqplib', slug: 't-named', what: 'a named queue with durable: false', options: '{ durable: false }', main: true },
  { rule: T, client: 'amqplib', slug: 't-server-named', what: "a server-named ('') queue with durable: false", options: '{ durable: false }', serverNamed: true },
  { rule: T, client: 'amqplib', slug: 't-auto-delete', what: 'durable: false, autoDelete: true', options: '{ durable: false, autoDelete: true }' },
  { rule: T, client: 'amqplib-callback', slug: 't-cb', what: 'a named queue with durable: false', options: '{ durable: false }' },
  { rule: T, client: 'acm-wrapper', slug: 't-acm-w', what: 'a named queue with durable: false', options: '{ durable: false }' },
  { rule: T, client: 'acm-setup', slug: 't-acm-s', what: 'durable: false, autoDelete: true', options: '{ durable: false, autoDelete: true }' },

  // quorum-queue-invalid-property: 406 invalid property / server-named.
  { rule: QQ, client: 'amqplib', slug: 'qq-auto-delete', what: 'a quorum queue with autoDelete: true', options: quorum('autoDelete: true'), main: true },
  { rule: QQ, client: 'amqplib', slug: 'qq-exclusive', what: 'a quorum queue with exclusive: true', options: quorum('exclusive: true') },
  { rule: QQ, client: 'amqplib', slug: 'qq-non-durable', what: 'a quorum queue with durable: false', options: quorum('durable: false') },
  { rule: QQ, client: 'amqplib', slug: 'qq-non-durable-ad', what: 'a quorum queue with durable: false, autoDelete: true', options: quorum('durable: false, autoDelete: true') },
  { rule: QQ, client: 'amqplib', slug: 'qq-server-named', what: 'a server-named quorum queue', options: quorum(''), serverNamed: true, fix: 'annotate' },
  { rule: QQ, client: 'amqplib-callback', slug: 'qq-cb', what: 'a quorum queue with exclusive: true', options: quorum('exclusive: true') },
  { rule: QQ, client: 'acm-wrapper', slug: 'qq-acm-w', what: 'a quorum queue with autoDelete: true', options: quorum('autoDelete: true') },
  { rule: QQ, client: 'acm-setup', slug: 'qq-acm-s', what: 'a quorum queue with exclusive: true', options: quorum('exclusive: true') },

  // stream-queue-invalid-property: 406 invalid property.
  { rule: SQ, client: 'amqplib', slug: 'sq-auto-delete', what: 'a stream with autoDelete: true', options: stream('autoDelete: true'), main: true },
  { rule: SQ, client: 'amqplib', slug: 'sq-exclusive', what: 'a stream with exclusive: true', options: stream('exclusive: true') },
  { rule: SQ, client: 'amqplib', slug: 'sq-non-durable', what: 'a stream with durable: false', options: stream('durable: false') },
  { rule: SQ, client: 'amqplib-callback', slug: 'sq-cb', what: 'a stream with exclusive: true', options: stream('exclusive: true') },
  { rule: SQ, client: 'acm-wrapper', slug: 'sq-acm-w', what: 'a stream with autoDelete: true', options: stream('autoDelete: true') },
  { rule: SQ, client: 'acm-setup', slug: 'sq-acm-s', what: 'a stream with exclusive: true', options: stream('exclusive: true') },

  // queue-argument-not-supported: 406 invalid arg ... of queue type rabbit_<type>_queue.
  { rule: ARG, client: 'amqplib', slug: 'arg-qq-priority', what: 'a quorum queue with maxPriority: 10', options: `{ maxPriority: 10, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } }`, main: true },
  { rule: ARG, client: 'amqplib', slug: 'arg-cq-delivery-limit', what: "a classic queue with 'x-delivery-limit'", options: `{ arguments: { 'x-delivery-limit': 5, 'x-max-length': 1000 } }` },
  { rule: ARG, client: 'amqplib', slug: 'arg-cq-consumer-timeout', what: "a classic queue with 'x-consumer-timeout' (refused from 4.3.2)", options: `{ arguments: { 'x-consumer-timeout': 3600000 } }` },
  { rule: ARG, client: 'amqplib', slug: 'arg-sq-ttl', what: 'a stream with messageTtl', options: `{ messageTtl: 60000, arguments: { 'x-queue-type': 'stream', 'x-max-age': '1D' } }` },
  { rule: ARG, client: 'amqplib', slug: 'arg-qq-mode', what: "a quorum queue with 'x-queue-mode'", options: `{ arguments: { 'x-queue-type': 'quorum', 'x-queue-mode': 'lazy', 'x-delivery-limit': 5 } }` },
  { rule: ARG, client: 'amqplib', slug: 'arg-qq-master-locator', what: "a quorum queue with 'x-queue-master-locator'", options: `{ arguments: { 'x-queue-type': 'quorum', 'x-queue-master-locator': 'client-local', 'x-delivery-limit': 3 } }` },
  { rule: ARG, client: 'amqplib-callback', slug: 'arg-cb', what: 'a quorum queue with maxPriority: 10', options: `{ maxPriority: 10, arguments: { 'x-queue-type': 'quorum' } }` },
  { rule: ARG, client: 'acm-wrapper', slug: 'arg-acm-w', what: "a classic queue with 'x-delivery-limit'", options: `{ arguments: { 'x-delivery-limit': 5 } }` },
  { rule: ARG, client: 'acm-setup', slug: 'arg-acm-s', what: 'a quorum queue with maxPriority: 10', options: `{ durable: true, maxPriority: 10, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 20 } }` },

  // deprecated-queue-argument: 541 (x-queue-master-locator), 406 (x-queue-version: 1); x-queue-mode is accepted.
  { rule: DEP, client: 'amqplib', slug: 'dep-master-locator', what: "'x-queue-master-locator': 'min-masters'", options: `{ arguments: { 'x-queue-master-locator': 'min-masters' } }`, main: true },
  { rule: DEP, client: 'amqplib', slug: 'dep-version-1', what: "'x-queue-version': 1", options: `{ durable: true, arguments: { 'x-queue-version': 1 } }` },
  { rule: DEP, client: 'amqplib', slug: 'dep-queue-mode', what: "queueMode: 'lazy'", options: `{ queueMode: 'lazy' }`, brokerAccepts: true, fix: 'annotate' },
  { rule: DEP, client: 'amqplib', slug: 'dep-x-queue-mode', what: "'x-queue-mode': 'lazy'", options: `{ arguments: { 'x-queue-mode': 'lazy' } }`, brokerAccepts: true, fix: 'annotate' },
  { rule: DEP, client: 'amqplib-callback', slug: 'dep-cb', what: "'x-queue-master-locator': 'min-masters'", options: `{ arguments: { 'x-queue-master-locator': 'min-masters' } }` },
  { rule: DEP, client: 'acm-wrapper', slug: 'dep-acm-w', what: "'x-queue-version': 1", options: `{ arguments: { 'x-queue-version': 1 } }` },
  { rule: DEP, client: 'acm-setup', slug: 'dep-acm-s', what: "'x-queue-master-locator': 'client-local'", options: `{ arguments: { 'x-queue-master-locator': 'client-local' } }` },
];

/** The rules the broker enforces: those that state the broker's reply. */
const CLIENTS: readonly Client[] = ['amqplib', 'amqplib-callback', 'acm-wrapper', 'acm-setup'];

const ENFORCED = DECLARATION_RULES.filter((r) => r.meta.brokerError);

describe('the broker suite covers every rule the broker enforces, with every client', () => {
  it('lists the enforced rules', () => {
    expect(ENFORCED.map((r) => r.meta.id).sort()).toEqual([ARG, DEP, QQ, SQ, T].sort());
  });
  for (const rule of ENFORCED) {
    it(`${rule.meta.id}: a main case and a case per client`, () => {
      const cases = DECLARATION_CASES.filter((c) => c.rule === rule.meta.id);
      expect(cases.filter((c) => c.main)).toHaveLength(1);
      expect([...new Set(cases.map((c) => c.client))].sort()).toEqual([...CLIENTS].sort());
    });
  }
  it('gives each case its own queue', () => {
    expect(new Set(DECLARATION_CASES.map((c) => c.slug)).size).toBe(DECLARATION_CASES.length);
  });
});

describe.skipIf(!brokerAvailable())(`declarations against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const scope = brokerScope('rmq4-broker-', strictUrl);
  const created = scope.created;

  for (const c of DECLARATION_CASES) {
    describe(`${c.rule} · ${c.client} · ${c.what}`, () => {
      const name = c.serverNamed ? '' : queueName(c.slug);
      const source = declarationModule(c.client, name, c.options);
      let fixed: Codemod;
      let finding: Finding | undefined;
      let before: Outcome;
      let after: Outcome;
      let afterExists: boolean | undefined;

      const result = scope.parallel(async () => {
        const fixed = codemod(source, `${c.slug}.js`);
        const mine = fixed.findings.filter((f) => f.ruleId === c.rule);
        if (name) created.add(name);
        const before = await execute(scope.sandbox, c.client, source, strictUrl());
        if (before.accepted && before.queue) created.add(before.queue);
        // The rewrite is checked on a broker without the queue (redeclare.test.ts checks existing queues).
        if (before.accepted) await deleteQueues(strictUrl(), [before.queue ?? name]);
        const after = await execute(scope.sandbox, c.client, fixed.output, strictUrl());
        if (after.accepted && after.queue) created.add(after.queue);
        // An exclusive queue disappears with its connection; a durable or shared one must be there.
        const exclusive = codemod(fixed.output, `${c.slug}.js`).result.model?.declarations[0]?.exclusive;
        const afterExists = after.accepted && name && !(exclusive?.kind !== 'unknown' && exclusive?.value) ? await queueExists(strictUrl(), name) : undefined;
        return { fixed, finding: mine.length === 1 ? mine[0] : undefined, before, after, afterExists };
      });
      beforeAll(async () => void ({ fixed, finding, before, after, afterExists } = await result()), 60_000);

      it(`the codemod reports ${c.rule} once, with ${c.brokerAccepts ? 'a warning' : 'an error'} and a ${c.fix ?? 'rewrite'}`, () => {
        expect(fixed.result.status).toBe('analysed');
        expect(fixed.findings.filter((f) => f.ruleId === c.rule).map((f) => f.ruleId)).toEqual([c.rule]);
        expect(finding!.client).toBe(c.client.startsWith('acm') ? 'amqp-connection-manager' : 'amqplib');
        expect(finding!.severity).toBe(c.brokerAccepts ? 'warning' : 'error');
        expect(finding!.fix.kind).toBe(c.fix ?? 'rewrite');
        expect(fixed.output).not.toBe(source);
      });

      if (c.brokerAccepts) {
        it('RabbitMQ 4.3 accepts the original, and the finding claims no broker error', () => {
          expect(showOutcome(before)).toBe(showOutcome({ accepted: true, queue: name }));
          expect(finding!.brokerError).toBeUndefined();
          // It may quote what the release notes announce, but must say what the broker really does.
          expect(finding!.message, 'the message must say that RabbitMQ 4.3 accepts it').toMatch(/\baccept/i);
          expect(finding!.message, 'the message must not say that RabbitMQ 4.3 refuses it').not.toMatch(/(RabbitMQ|4\.3(\.\d+)?) (refuses|rejects)/);
        });
      } else {
        it("the original is refused with exactly the finding's brokerError", () => {
          expect(before.accepted, `the broker accepted the original:\n${source}`).toBe(false);
          expect(finding!.brokerError, 'the finding states the broker reply').toBeTypeOf('string');
          const { actual, want } = asStated(before.accepted ? undefined : before.reply, finding!.brokerError!);
          expect(actual, `the broker answered ${showOutcome(before)}; the finding says ${finding!.brokerError}`).toEqual(want);
        });
      }

      if (c.main) {
        it(`${c.rule}'s meta.brokerError is the broker's answer to its main case`, () => {
          const rule = DECLARATION_RULES.find((r) => r.meta.id === c.rule)!;
          const brokerError = withQueueName(rule.meta.brokerError!, name);
          const { actual, want } = asStated(before.accepted ? undefined : before.reply, brokerError);
          expect(actual, `the broker answered ${showOutcome(before)}; meta.brokerError says ${rule.meta.brokerError}`).toEqual(want);
        });
      }

      if ((c.fix ?? 'rewrite') === 'rewrite') {
        it('the rewritten declaration is accepted', () => {
          expect(showOutcome(after), `rewritten module:\n${fixed.output}`).toMatch(/^accepted/);
          if (afterExists !== undefined) expect(afterExists, `queue ${name} exists after the rewritten declaration`).toBe(true);
        });

        it('the rewritten code has nothing left to fix', () => {
          const again = codemod(fixed.output, `${c.slug}.js`);
          expect(again.findings.filter((f) => f.severity !== 'info').map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
          expect(again.output).toBe(fixed.output);
        });
      } else {
        it('the annotated code is still refused the same way (the codemod does not pretend to fix it)', () => {
          expect(fixed.output).toContain(`rabbitmq4-codemod(${c.rule})`);
          expect(showOutcome(after)).toBe(showOutcome(before));
        });
      }
    });
  }
});
