/**
 * Issue 6: the consumer rules the broker enforces (global-qos, stream-consumer-requirements), with
 * every client driver that can write a consumer (drivers.ts), against real brokers:
 * - the module is refused with exactly the finding's brokerError, read from the library's error,
 * - the rules' meta.brokerError is every library's reply to the main case,
 * - the fixed module is accepted (global-qos: a rewrite), or, where the codemod only annotates
 *   (stream-consumer-requirements: no safe rewrite), is still refused the same way.
 *
 * global-qos is refused only where the deprecated feature is permitted (4.0-4.2, or 4.3 with
 * `deprecated_features.permit.global_qos = true`): the legacy node, with the codemod targeting 4.2.
 * The strict 4.3 node accepts a global prefetch and applies it per consumer (checked below too).
 *
 * | driver            | global-qos                              | stream-consumer-requirements |
 * |-------------------|-----------------------------------------|------------------------------|
 * | amqplib           | prefetch(n, true)                       | consume without prefetch / noAck |
 * | acm-setup         | prefetch(n, true) in the setup function | same, in the setup function  |
 * | rabbitmq-client   | basicQos({ prefetchCount, global })     | basicConsume                 |
 * | cloudamqp-channel | basicQos(n, 0, true)                    | basicConsume                 |
 * | cloudamqp-session | cannot express: subscribe() sets a per-consumer prefetch only | queue.subscribe |
 * | rascal            | subscription channelPrefetch            | subscription prefetch / options.noAck |
 * | amqplib-callback, acm-wrapper | the same library as amqplib / acm-setup; declarations only (libraries.test.ts) | |
 * | nestjs-client, golevelup | declarations only (libraries.test.ts): their consumers are framework handlers (@MessagePattern, @RabbitSubscribe) | |
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/model';
import { ruleById } from '../../src/rules';
import { brokerAvailable, legacyBrokerAvailable, legacyUrl, strictUrl, WHEN_LEGACY, WHEN_STRICT } from './broker-env';
import { DRIVERS, execute, showOutcome, type ConsumeSpec, type Driver, type Outcome, type QueueSpec } from './drivers';
import { codemod, deleteQueues, queueName, Sandbox, type Codemod } from './harness';
import { itIsRefusedAsStated } from './refusal';
import { brokerScope } from './scope';

interface ConsumerCase {
  rule: 'global-qos' | 'stream-consumer-requirements';
  what: string;
  slug: string;
  queue: QueueSpec;
  consume: ConsumeSpec;
  /** The codemod's target version. */
  target: '4.2' | '4.3';
  main?: boolean;
  fix: 'rewrite' | 'annotate';
}

const quorum: QueueSpec = { durable: true, arguments: { 'x-queue-type': 'quorum' } };
const stream: QueueSpec = { durable: true, arguments: { 'x-queue-type': 'stream' } };

const REFUSED: ConsumerCase[] = [
  { rule: 'global-qos', slug: 'gq-qq', what: 'a global prefetch, then a quorum queue consumer (4.2 target)', queue: quorum, consume: { prefetch: 10, global: true, noAck: false }, target: '4.2', main: true, fix: 'rewrite' },
  { rule: 'global-qos', slug: 'gq-sq', what: 'a global prefetch, then a stream consumer (4.2 target)', queue: stream, consume: { prefetch: 10, global: true, noAck: false }, target: '4.2', fix: 'rewrite' },
  { rule: 'stream-consumer-requirements', slug: 'sc-prefetch', what: 'a stream consumer without a prefetch', queue: stream, consume: { noAck: false }, target: '4.3', main: true, fix: 'annotate' },
  { rule: 'stream-consumer-requirements', slug: 'sc-noack', what: 'a stream consumer with automatic acknowledgement', queue: stream, consume: { prefetch: 10, noAck: true }, target: '4.3', fix: 'annotate' },
];

const consumerDrivers = (c: ConsumeSpec) => DRIVERS.filter((d) => d.consumer?.('q', quorum, c) !== undefined);

describe('the consumer matrix', () => {
  it('covers both consumer rules that state a broker error, each with a main case', () => {
    expect(REFUSED.filter((c) => c.main).map((c) => c.rule).sort()).toEqual(['global-qos', 'stream-consumer-requirements']);
    for (const id of ['global-qos', 'stream-consumer-requirements']) expect(ruleById(id)?.meta.brokerError, id).toBeTypeOf('string');
  });
  it('runs rabbitmq-client, @cloudamqp/amqp-client and rascal besides amqplib and amqp-connection-manager', () => {
    expect([...new Set(consumerDrivers({ noAck: false }).map((d) => d.library))].sort()).toEqual(['@cloudamqp/amqp-client', 'amqp-connection-manager', 'amqplib', 'rabbitmq-client', 'rascal']);
    expect([...new Set(consumerDrivers({ prefetch: 1, global: true }).map((d) => d.library))].sort()).toEqual(['@cloudamqp/amqp-client', 'amqp-connection-manager', 'amqplib', 'rabbitmq-client', 'rascal']);
  });
});

function defineCases(cases: ConsumerCase[], url: () => string, title: string, when: boolean) {
  describe.skipIf(!when)(title, () => {
    const scope = brokerScope('rmq4-consumers-', url);

    for (const c of cases) for (const d of consumerDrivers(c.consume)) defineCase(c, d);

    function defineCase(c: ConsumerCase, d: Driver) {
      describe(`${c.rule} · ${d.id} · ${c.what}`, () => {
        const name = queueName(`con-${c.slug}-${d.id}`);
        const source = d.consumer!(name, c.queue, c.consume)!;
        let fixed: Codemod;
        let finding: Finding | undefined;
        let before: Outcome;
        let after: Outcome;

        const result = scope.parallel(async () => {
          scope.created.add(name);
          const fixed = codemod(source, `${c.slug}-${d.id}.js`, { target: c.target });
          const mine = fixed.findings.filter((f) => f.ruleId === c.rule);
          const before = await execute(scope.sandbox, d.id, source, url());
          const after = await execute(scope.sandbox, d.id, fixed.output, url());
          return { fixed, finding: mine.length === 1 ? mine[0] : undefined, before, after };
        });
        beforeAll(async () => void ({ fixed, finding, before, after } = await result()), 60_000);

        it(`the codemod finds ${c.rule} once, as ${d.library}, with a ${c.fix}`, () => {
          expect(fixed.findings.filter((f) => f.ruleId === c.rule).map((f) => [f.client, f.severity, f.fix.kind])).toEqual([[d.library, 'error', c.fix]]);
          expect(fixed.output).not.toBe(source);
        });

        itIsRefusedAsStated(d.id, c.rule, c.main, name, () => ({ source, finding, before }));

        if (c.fix === 'rewrite') {
          it('the fixed module is accepted by the same library, and nothing is left to fix', () => {
            expect(showOutcome(after), `fixed module:\n${fixed.output}`).toMatch(/^accepted/);
            const again = codemod(fixed.output, `${c.slug}-${d.id}.js`, { target: c.target });
            expect(again.findings.filter((f) => f.ruleId === c.rule).map((f) => f.message)).toEqual([]);
            expect(again.output).toBe(fixed.output);
          });
        } else {
          it('the annotated module is still refused the same way (the codemod does not pretend to fix it)', () => {
            expect(fixed.output).toContain(`rabbitmq4-codemod(${c.rule})`);
            expect(showOutcome(after)).toBe(showOutcome(before));
          });
        }
      });
    }
  });
}

defineCases(REFUSED.filter((c) => c.rule === 'global-qos'), legacyUrl, `global QoS where the deprecated feature is permitted (the legacy node) ${WHEN_LEGACY}`, legacyBrokerAvailable());
defineCases(REFUSED.filter((c) => c.rule !== 'global-qos'), strictUrl, `stream consumers against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, brokerAvailable());

describe.skipIf(!brokerAvailable())(`global QoS on the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  it('is accepted and applied per consumer: the finding is a warning that claims no broker error', async () => {
    const sandbox = new Sandbox('rmq4-consumers-');
    const name = queueName('con-gq-43');
    try {
      const source = DRIVERS.find((d) => d.id === 'amqplib')!.consumer!(name, quorum, { prefetch: 10, global: true, noAck: false })!;
      const findings = codemod(source, 'gq-43.js').findings.filter((f) => f.ruleId === 'global-qos');
      expect(findings.map((f) => [f.severity, f.brokerError, f.fix.kind])).toEqual([['warning', undefined, 'rewrite']]);
      expect(findings[0].message).toMatch(/silently applies it per consumer/);
      expect(showOutcome(await execute(sandbox, 'amqplib', source, strictUrl()))).toMatch(/^accepted/);
    } finally {
      await deleteQueues(strictUrl(), [name]);
      sandbox.remove();
    }
  });
});

describe.skipIf(!legacyBrokerAvailable())(`global QoS on a stream, after a per-consumer prefetch ${WHEN_LEGACY}`, () => {
  it('is refused with 540 (global qos), not the 406 a stream with only a global prefetch gets', async () => {
    const sandbox = new Sandbox('rmq4-consumers-');
    const name = queueName('con-gq-sq-local-first');
    try {
      const onlyGlobal = DRIVERS.find((d) => d.id === 'amqplib')!.consumer!(name, stream, { prefetch: 10, global: true, noAck: false })!;
      const localFirst = onlyGlobal.replace('await channel.prefetch(10, true);', 'await channel.prefetch(10);\n  await channel.prefetch(10, true);');
      expect(localFirst).not.toBe(onlyGlobal);
      const outcome = await execute(sandbox, 'amqplib', localFirst, legacyUrl());
      expect(showOutcome(outcome)).toBe(`refused: 540 NOT_IMPLEMENTED - queue '${name}' in vhost '/' does not support global qos`);
    } finally {
      await deleteQueues(legacyUrl(), [name]);
      sandbox.remove();
    }
  });
});
