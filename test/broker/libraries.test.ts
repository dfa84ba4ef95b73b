/**
 * Issue 6: every declaration rule the broker enforces, crossed with every client driver
 * (drivers.ts: amqplib promise + callback, amqp-connection-manager wrapper + setup, rabbitmq-client,
 * @cloudamqp/amqp-client channel + session, rascal, @nestjs/microservices ClientRMQ,
 * @golevelup/nestjs-rabbitmq RabbitMQModule.forRoot queues, node-amqp), against the strict RabbitMQ 4.3 broker:
 * - the module written in the library's real API is refused with exactly the finding's brokerError
 *   (read from that library's own error shape),
 * - the declarations the rules' meta.brokerError describes get exactly that reply from every library,
 * - the module after `fix` (the engine's edits, as `fix --write` applies them) is accepted when run
 *   again with the same library, and the queue is there.
 *
 * Libraries the codemod reads that cannot run a case here:
 *
 * | library     | why not                                                                         | evidence                          |
 * |-------------|---------------------------------------------------------------------------------|-----------------------------------|
 * | amqp-ts     | depends on amqplib ^0.4.1, which offers frame_max 4096; RabbitMQ 4.1+ refuses it | `frame_max 4096` test below (socket dropped) |
 * | foo-foo-mq  | depends on amqplib ~0.8.0 (frame_max 4096), same refusal                        | `frame_max 4096` test below (socket dropped) |
 * | jackrabbit  | depends on amqplib ^0.4.2 (frame_max 4096), same refusal                        | `frame_max 4096` test below (socket dropped) |
 * | moleculer, @moleculer/channels | they name their queues themselves ('MOL.*', '<group>.<channel>') and the codemod annotates some of their findings: their cases are in moleculer.test.ts, a real ServiceBroker each | moleculer.test.ts |
 *
 * (`npm view <name> dependencies.amqplib`: amqp-ts '^0.4.1', foo-foo-mq '~0.8.0', jackrabbit '^0.4.2';
 * amqplib before 0.10.6 sends frame_max 4096 unless told otherwise: reference/rabbitmq4-catalogue.md G1.)
 */
import * as amqp from 'amqplib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/model';
import { DECLARATION_RULES } from '../../src/rules';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { DRIVERS, execute, showOutcome, type Driver, type Outcome, type QueueSpec } from './drivers';
import { codemod, deleteQueues, queueExists, queueName, replyOf, showReply, withTimeout, type Codemod } from './harness';
import { itIsRefusedAsStated } from './refusal';
import { brokerScope } from './scope';

interface Spec {
  rule: string;
  /** What is declared (also the test's name). */
  what: string;
  slug: string;
  spec: QueueSpec;
  /** The rule's main case: meta.brokerError (Q = the queue) must be every library's reply to it. */
  main?: boolean;
}

const quorum = { 'x-queue-type': 'quorum' };
const stream = { 'x-queue-type': 'stream' };

/**
 * The declarations each enforced rule is about, written once; every driver writes them in its own
 * library's syntax. Flags are explicit: the libraries' defaults differ (rabbitmq-client's durable
 * is false) and each case is about one refusal.
 */
const SPECS: Spec[] = [
  { rule: 'transient-nonexclusive-queue', slug: 't', what: 'a named queue with durable: false', spec: { durable: false }, main: true },
  { rule: 'transient-nonexclusive-queue', slug: 't-ad', what: 'durable: false, autoDelete: true', spec: { durable: false, autoDelete: true, arguments: { 'x-message-ttl': 60000 } } },
  { rule: 'quorum-queue-invalid-property', slug: 'qq-ad', what: 'a quorum queue with autoDelete: true', spec: { durable: true, autoDelete: true, arguments: quorum }, main: true },
  { rule: 'quorum-queue-invalid-property', slug: 'qq-ex', what: 'a quorum queue with exclusive: true', spec: { durable: true, exclusive: true, arguments: quorum } },
  { rule: 'quorum-queue-invalid-property', slug: 'qq-nd', what: 'a quorum queue with durable: false', spec: { durable: false, arguments: { ...quorum, 'x-delivery-limit': 5 } } },
  { rule: 'stream-queue-invalid-property', slug: 'sq-ad', what: 'a stream with autoDelete: true', spec: { durable: true, autoDelete: true, arguments: stream }, main: true },
  { rule: 'stream-queue-invalid-property', slug: 'sq-ex', what: 'a stream with exclusive: true', spec: { durable: true, exclusive: true, arguments: stream } },
  { rule: 'queue-argument-not-supported', slug: 'arg-qq', what: "a quorum queue with 'x-max-priority'", spec: { durable: true, arguments: { ...quorum, 'x-max-priority': 10, 'x-delivery-limit': 5 } }, main: true },
  { rule: 'queue-argument-not-supported', slug: 'arg-cq', what: "a classic queue with 'x-delivery-limit'", spec: { durable: true, arguments: { 'x-delivery-limit': 5 } } },
  { rule: 'deprecated-queue-argument', slug: 'dep-ml', what: "'x-queue-master-locator': 'min-masters'", spec: { durable: true, arguments: { 'x-queue-master-locator': 'min-masters' } }, main: true },
  { rule: 'deprecated-queue-argument', slug: 'dep-v1', what: "'x-queue-version': 1", spec: { durable: true, arguments: { 'x-queue-version': 1 } } },
];

/** The rules the broker enforces on declarations: those that state the broker's reply. */
const ENFORCED = DECLARATION_RULES.filter((r) => r.meta.brokerError).map((r) => r.meta.id);

describe('the library matrix covers every enforced declaration rule with every driver', () => {
  it('every rule with a brokerError has a main case', () => {
    expect([...new Set(SPECS.filter((s) => s.main).map((s) => s.rule))].sort()).toEqual([...ENFORCED].sort());
  });
  it('the drivers include rabbitmq-client, @cloudamqp/amqp-client, rascal, NestJS RMQ, @golevelup/nestjs-rabbitmq and node-amqp besides amqplib and amqp-connection-manager', () => {
    expect([...new Set(DRIVERS.map((d) => d.library))].sort()).toEqual([
      '@cloudamqp/amqp-client',
      '@golevelup/nestjs-rabbitmq',
      '@nestjs/microservices',
      'amqp-connection-manager',
      'amqplib',
      'node-amqp',
      'rabbitmq-client',
      'rascal',
    ]);
  });
  it('every driver writes a module the codemod reads as its library (one declaration, the right client)', () => {
    for (const d of DRIVERS) {
      const model = codemod(d.module('q', { durable: true }), `${d.id}.js`).result.model;
      expect(model?.declarations.map((x) => [x.client, x.name.kind === 'unknown' ? undefined : x.name.value]), d.id).toEqual([[d.library, 'q']]);
    }
  });
});

describe.skipIf(!brokerAvailable())(`every library against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const scope = brokerScope('rmq4-libraries-', strictUrl);

  for (const s of SPECS) {
    for (const d of DRIVERS) defineCase(s, d);
  }

  function defineCase(s: Spec, d: Driver) {
    describe(`${s.rule} · ${d.id} · ${s.what}`, () => {
      const name = queueName(`lib-${s.slug}-${d.id}`);
      const source = d.module(name, s.spec);
      let fixed: Codemod;
      let finding: Finding | undefined;
      let before: Outcome;
      let after: Outcome;
      let exists = false;

      const result = scope.parallel(async () => {
        scope.created.add(name);
        const fixed = codemod(source, `${s.slug}-${d.id}.js`);
        const mine = fixed.findings.filter((f) => f.ruleId === s.rule);
        const before = await execute(scope.sandbox, d.id, source, strictUrl());
        await deleteQueues(strictUrl(), [name]);
        const after = await execute(scope.sandbox, d.id, fixed.output, strictUrl());
        const exclusive = codemod(fixed.output, `${s.slug}-${d.id}.js`).result.model?.declarations[0]?.exclusive;
        const gone = exclusive?.kind !== 'unknown' && exclusive?.value === true;
        const exists = after.accepted && (gone || (await queueExists(strictUrl(), name)));
        return { fixed, finding: mine.length === 1 ? mine[0] : undefined, before, after, exists };
      });
      beforeAll(async () => void ({ fixed, finding, before, after, exists } = await result()), 60_000);

      it(`the codemod finds ${s.rule} once, as ${d.library}, and rewrites it`, () => {
        expect(fixed.findings.filter((f) => f.ruleId === s.rule).map((f) => [f.client, f.severity, f.fix.kind])).toEqual([[d.library, 'error', 'rewrite']]);
        expect(fixed.output).not.toBe(source);
        expect(fixed.output).not.toContain('rabbitmq4-codemod(');
      });

      itIsRefusedAsStated(d.id, s.rule, s.main, name, () => ({ source, finding, before }));

      it('the fixed module is accepted by the same library, and nothing is left to fix', () => {
        expect(showOutcome(after), `fixed module:\n${fixed.output}`).toMatch(/^accepted/);
        expect(exists, `queue ${name} exists after the fixed declaration`).toBe(true);
        const again = codemod(fixed.output, `${s.slug}-${d.id}.js`);
        expect(again.findings.filter((f) => f.severity === 'error').map((f) => `${f.ruleId}: ${f.message}`)).toEqual([]);
        expect(again.output).toBe(fixed.output);
      });
    });
  }
});

describe.skipIf(!brokerAvailable())(`libraries that cannot connect to RabbitMQ 4.3 ${WHEN_STRICT}`, () => {
  // The broker logs "failed to negotiate connection parameters: negotiated frame_max = 4096 is lower
  // than the minimum allowed value (8192)" and drops the socket: no connection.close (530) reaches
  // the client, which only sees the connection reset during the handshake.
  it('frame_max 4096, the default of amqplib 0.4-0.10.5 (amqp-ts, foo-foo-mq, jackrabbit), is refused: the socket is dropped during the handshake, with no reply', async () => {
    const url = new URL(strictUrl());
    url.searchParams.set('frameMax', '4096');
    let error: unknown;
    try {
      const conn = await withTimeout(amqp.connect(url.toString()), OP_TIMEOUT, 'connecting with frame_max 4096');
      await conn.close();
    } catch (e) {
      error = e;
    }
    expect(error, 'the broker accepted frame_max 4096').toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/ECONNRESET|closed abruptly|Socket closed/);
    expect(showReply(replyOf((error as Error).message))).toBe('(no reply)');
  });

  it('frame_max 8192 (the new minimum) connects', async () => {
    const url = new URL(strictUrl());
    url.searchParams.set('frameMax', '8192');
    const conn = await withTimeout(amqp.connect(url.toString()), OP_TIMEOUT, 'connecting with frame_max 8192');
    await conn.close();
  });
});
