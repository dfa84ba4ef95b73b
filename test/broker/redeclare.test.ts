/**
 * Issue 6: what each rewrite means for a queue that already exists. The OLD declaration is made
 * first on the legacy node (RABBITMQ_LEGACY_URL: deprecated features permitted, holding queues as a
 * 3.13-4.2 broker would), then the codemod's NEW declaration on the same node with the same name,
 * and the finding's `existingQueue` text must say what the broker really did.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/model';
import { legacyBrokerAvailable, legacyUrl, WHEN_LEGACY } from './broker-env';
import { nodeAmqpModule } from './driver-node-amqp';
import { execute, showOutcome, type DriverId, type Outcome } from './drivers';
import { codemod, declarationModule, deleteQueues, queueName, ROOT, Sandbox, showReply, type Reply } from './harness';
import { brokerScope } from './scope';

/** What the broker does: 'accepted', or a reply whose text starts so (NAME is the queue's name). */
type Expect = 'accepted' | { code: number; text: string };

interface RedeclareCase {
  rule: string;
  /** The rewrite (also the test's name). */
  what: string;
  slug: string;
  /** The OLD declaration's options, as the code writes them. */
  options: string;
  /** The library that declares it (amqplib unless said). */
  via?: 'node-amqp';
  serverNamed?: boolean;
  /** The legacy node's answer to the old declaration. */
  old: Expect;
  /** Its answer to the codemod's new declaration, made after the old one. */
  next: Expect;
  /**
   * When a 4.3 node refuses the old form whatever its deprecated-feature settings, no queue can be
   * created with it here; an earlier broker could. A stand-in queue (`options`) with the same
   * relevant property is created instead, the codemod's new form is declared against it, and the
   * existingQueue text is checked against what happened.
   */
  standIn?: { options: string; why: string; next: Expect };
}

const T = 'transient-nonexclusive-queue';
const QQ = 'quorum-queue-invalid-property';
const SQ = 'stream-queue-invalid-property';
const ARG = 'queue-argument-not-supported';
const DEP = 'deprecated-queue-argument';

const inequivalent = (key: string, rest = '') => ({ code: 406, text: `PRECONDITION_FAILED - inequivalent arg '${key}' for queue 'NAME' in vhost '/'${rest}` });
const invalidArg = (key: string, type: string) => ({ code: 406, text: `PRECONDITION_FAILED - invalid arg '${key}' for queue 'NAME' in vhost '/' of queue type rabbit_${type}_queue` });
const invalidProperty = (p: string) => ({ code: 406, text: `PRECONDITION_FAILED - invalid property '${p}' for queue 'NAME' in vhost '/'` });

const CASES: RedeclareCase[] = [
  {
    rule: T,
    what: 'named transient queue: durable: false -> durable: true',
    slug: 'rd-durable',
    options: '{ durable: false }',
    old: 'accepted',
    next: inequivalent('durable', ": received 'true' but current is 'false'"),
  },
  {
    rule: T,
    what: 'server-named transient queue -> exclusive: true',
    slug: 'rd-server-named',
    options: '{ durable: false }',
    serverNamed: true,
    old: 'accepted',
    next: 'accepted',
  },
  {
    rule: QQ,
    what: 'exclusive quorum queue -> classic (x-queue-type removed)',
    slug: 'rd-qq-exclusive',
    options: `{ exclusive: true, arguments: { 'x-queue-type': 'quorum' } }`,
    old: invalidProperty('exclusive-owner'),
    next: 'accepted',
  },
  {
    rule: QQ,
    what: 'auto-delete quorum queue -> classic (x-queue-type removed)',
    slug: 'rd-qq-auto-delete',
    options: `{ autoDelete: true, arguments: { 'x-queue-type': 'quorum', 'x-message-ttl': 30000 } }`,
    old: invalidProperty('auto-delete'),
    next: 'accepted',
  },
  {
    rule: QQ,
    what: 'non-durable quorum queue -> durable: true',
    slug: 'rd-qq-non-durable',
    options: `{ durable: false, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 } }`,
    old: invalidProperty('non-durable'),
    next: 'accepted',
  },
  {
    rule: SQ,
    what: 'auto-delete stream -> autoDelete: false',
    slug: 'rd-sq-auto-delete',
    options: `{ autoDelete: true, arguments: { 'x-queue-type': 'stream' } }`,
    old: invalidProperty('auto-delete'),
    next: 'accepted',
  },
  {
    rule: QQ,
    what: "node-amqp quorum queue, auto-delete by node-amqp's default -> autoDelete: false",
    slug: 'rd-qq-node-amqp-default',
    options: `{ durable: true, arguments: { 'x-queue-type': 'quorum' } }`,
    via: 'node-amqp',
    old: invalidProperty('auto-delete'),
    next: 'accepted',
  },
  {
    rule: ARG,
    what: 'quorum queue: maxPriority removed',
    slug: 'rd-qq-priority',
    options: `{ maxPriority: 10, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } }`,
    old: { code: 406, text: "PRECONDITION_FAILED - invalid arg 'x-max-priority' for queue 'NAME' in vhost '/' of queue type rabbit_quorum_queue" },
    next: 'accepted',
  },
  {
    rule: QQ,
    what: 'exclusive quorum queue with x-delivery-limit -> classic (x-queue-type and x-delivery-limit removed)',
    slug: 'rd-qq-exclusive-limit',
    options: `{ exclusive: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } }`,
    old: invalidProperty('exclusive-owner'),
    next: 'accepted',
  },
  {
    rule: SQ,
    what: 'exclusive stream -> exclusive: false',
    slug: 'rd-sq-exclusive',
    options: `{ exclusive: true, arguments: { 'x-queue-type': 'stream' } }`,
    old: invalidProperty('exclusive-owner'),
    next: 'accepted',
  },
  {
    rule: SQ,
    what: 'non-durable stream -> durable: true',
    slug: 'rd-sq-non-durable',
    options: `{ durable: false, arguments: { 'x-queue-type': 'stream' } }`,
    old: invalidProperty('non-durable'),
    next: 'accepted',
  },
  {
    rule: ARG,
    what: 'classic queue: x-delivery-limit removed',
    slug: 'rd-cq-delivery-limit',
    options: `{ arguments: { 'x-delivery-limit': 5, 'x-max-length': 1000 } }`,
    old: invalidArg('x-delivery-limit', 'classic'),
    next: 'accepted',
  },
  {
    rule: ARG,
    what: 'stream: x-message-ttl (messageTtl) removed',
    slug: 'rd-sq-ttl',
    options: `{ messageTtl: 60000, arguments: { 'x-queue-type': 'stream' } }`,
    old: invalidArg('x-message-ttl', 'stream'),
    next: 'accepted',
  },
  {
    rule: ARG,
    what: 'quorum queue: x-queue-mode removed',
    slug: 'rd-qq-mode',
    options: `{ arguments: { 'x-queue-type': 'quorum', 'x-queue-mode': 'lazy' } }`,
    old: invalidArg('x-queue-mode', 'quorum'),
    next: 'accepted',
  },
  {
    rule: ARG,
    what: 'quorum queue: x-queue-version removed',
    slug: 'rd-qq-version',
    options: `{ arguments: { 'x-queue-type': 'quorum', 'x-queue-version': 2 } }`,
    old: invalidArg('x-queue-version', 'quorum'),
    next: 'accepted',
  },
  {
    rule: ARG,
    what: 'quorum queue: x-queue-master-locator -> x-queue-leader-locator',
    slug: 'rd-qq-master-locator',
    options: `{ arguments: { 'x-queue-type': 'quorum', 'x-queue-master-locator': 'client-local' } }`,
    old: invalidArg('x-queue-master-locator', 'quorum'),
    next: 'accepted',
  },
  {
    rule: DEP,
    what: "x-queue-master-locator -> x-queue-leader-locator",
    slug: 'rd-master-locator',
    options: `{ arguments: { 'x-queue-master-locator': 'min-masters' } }`,
    old: 'accepted',
    next: inequivalent('x-queue-master-locator', ": received none but current is the value 'min-masters' of type 'longstr'"),
  },
  {
    rule: DEP,
    what: 'x-queue-version: 1 removed',
    slug: 'rd-queue-version',
    options: `{ durable: true, arguments: { 'x-queue-version': 1 } }`,
    old: { code: 406, text: `PRECONDITION_FAILED - invalid arg 'x-queue-version' for queue 'NAME' in vhost '/': "unsupported queue version '1'"` },
    next: 'accepted',
    standIn: {
      options: `{ durable: true, arguments: { 'x-queue-version': 2 } }`,
      why: "4.3 refuses x-queue-version 1 for new queues whatever the settings (4.0-4.2 stored it); a queue holding x-queue-version 2 has the same key in the equivalence check",
      next: inequivalent('x-queue-version', ': received none but current is the value'),
    },
  },
  {
    rule: ARG,
    what: 'classic queue: x-consumer-timeout removed',
    slug: 'rd-consumer-timeout',
    options: `{ arguments: { 'x-consumer-timeout': 3600000 } }`,
    old: { code: 406, text: "PRECONDITION_FAILED - invalid arg 'x-consumer-timeout' for queue 'NAME' in vhost '/' of queue type rabbit_classic_queue" },
    next: 'accepted',
    standIn: {
      options: `{ arguments: { 'x-rabbitmq4-codemod-stand-in': 3600000 } }`,
      why: 'from 4.3.2 classic queues refuse x-consumer-timeout for new queues (earlier brokers accepted and stored it); a classic queue holding an argument outside the classic type\'s list (declared with an unknown x-argument) stands in for it',
      next: 'accepted',
    },
  },
];

/**
 * Every rewrite the rules emit (as the byte-exact fixtures record them in findings.json), one clause
 * per change: "set durable: true", "remove x-delivery-limit", "replace x-queue-master-locator with
 * x-queue-leader-locator: '…'".
 */
function rewriteClauses(ruleId: string, description: string): string[] {
  return description
    .split(/; (?:and, so that the result is legal: )?/)
    .map((clause) => `${ruleId}: ${clause.replace(/(x-queue-leader-locator: )'[^']*'/, "$1'…'")}`);
}

function fixtureRewrites(): Map<string, string> {
  const found = new Map<string, string>();
  const dir = path.join(ROOT, 'test-fixtures');
  for (const rule of fs.readdirSync(dir)) {
    for (const file of fs.readdirSync(path.join(dir, rule)).filter((f) => f.endsWith('.findings.json'))) {
      const findings = JSON.parse(fs.readFileSync(path.join(dir, rule, file), 'utf8')) as Finding[];
      for (const f of findings) {
        if (f.fix.kind !== 'rewrite' || !REWRITE_RULES.includes(f.ruleId)) continue;
        for (const clause of rewriteClauses(f.ruleId, f.fix.description)) if (!found.has(clause)) found.set(clause, `${rule}/${file}`);
      }
    }
  }
  return found;
}

/** Rewrites no redeclare case here can make, and why. */
const NOT_RUNNABLE: Record<string, string> = {
  'quorum-queue-invalid-property: set exclusive: true':
    "made only under a default queue type quorum, for a server-named queue: a server-named queue gets a new name on every declaration, so nothing exists to redeclare (the refusal and the accepted rewrite are proven in a quorum-default vhost by test/broker/default-queue-type.test.ts)",
};

/** The case's OLD declaration module, in its library's API. */
const caseModule = (c: RedeclareCase, name: string) => (c.via === 'node-amqp' ? nodeAmqpModule(name, c.options) : declarationModule('amqplib', name, c.options));
const caseDriver = (c: RedeclareCase): DriverId => c.via ?? 'amqplib';

const REWRITE_RULES = [T, QQ, SQ, ARG, DEP];

describe('every rewrite the declaration rules emit has a redeclare case', () => {
  const covered = new Set(
    CASES.flatMap((c) => {
      const source = caseModule(c, c.serverNamed ? '' : 'q');
      return codemod(source, `${c.slug}.js`).findings.filter((f) => f.ruleId === c.rule && f.fix.kind === 'rewrite').flatMap((f) => rewriteClauses(f.ruleId, f.fix.description));
    }),
  );
  const rewrites = fixtureRewrites();
  it('finds the rewrites in the fixtures', () => {
    expect(rewrites.size).toBeGreaterThan(10);
  });
  for (const [clause, where] of rewrites) {
    if (NOT_RUNNABLE[clause]) {
      it(`${clause} (e.g. ${where}): no case, ${NOT_RUNNABLE[clause]}; the exemption is still needed`, () => {
        expect(covered.has(clause), `${clause} is covered now: drop it from NOT_RUNNABLE`).toBe(false);
      });
    } else {
      it(`${clause} (e.g. ${where})`, () => {
        expect([...covered], `no redeclare case makes the rewrite "${clause}"`).toContain(clause);
      });
    }
  }
});

function showExpect(e: Expect, name: string): string {
  return e === 'accepted' ? 'accepted' : `refused: ${e.code} ${e.text.replace(/NAME/g, name)}`;
}

/** The outcome, cut to what the expectation states (the broker's text may go on). */
function asExpected(o: Outcome, e: Expect, name: string): string {
  if (o.accepted || e === 'accepted' || !o.reply) return showOutcome(o).replace(/ \(queue .*\)$/, '');
  const want = e.text.replace(/NAME/g, name);
  return `refused: ${o.reply.code} ${o.reply.text.slice(0, want.length)}`;
}

/**
 * Whether the existingQueue text says what the broker did with the new declaration: the reply it
 * names (code and reason) if refused; that nothing existing is affected, if accepted.
 */
function agreement(existingQueue: string, o: Outcome): { says: string; broker: string; agrees: boolean } {
  if (!o.accepted) {
    const r = o.reply as Reply;
    // "406 PRECONDITION_FAILED - inequivalent arg 'durable'" / "405 RESOURCE_LOCKED - cannot obtain ..."
    const head = `${r.code} ${r.text.split(' for queue ')[0].split(' in vhost ')[0]}`;
    return { says: existingQueue, broker: showReply(r), agrees: existingQueue.includes(head) };
  }
  const claimsRefusal = /inequivalent|RESOURCE_LOCKED|\b40[56]\b|refused with/.test(existingQueue);
  const saysFine = /no existing queue is affected|no such queue exists|no .*by this name exists|accepts the declaration/i.test(existingQueue);
  return { says: existingQueue, broker: 'accepted', agrees: !claimsRefusal && saysFine };
}

describe.skipIf(!legacyBrokerAvailable())(`redeclaring existing queues on the legacy node ${WHEN_LEGACY}`, () => {
  const scope = brokerScope('rmq4-broker-', legacyUrl);
  const created = scope.created;

  for (const c of CASES) {
    describe(`${c.rule} · ${c.what}`, () => {
      const name = c.serverNamed ? '' : queueName(c.slug);
      const source = caseModule(c, name);
      let finding: Finding | undefined;
      let output: string;
      let oldOutcome: Outcome;
      let newOutcome: Outcome;
      const standInName = queueName(`${c.slug}-stand-in`);
      let standInOutcome: Outcome | undefined;
      let standInNew: Outcome | undefined;

      beforeAll(async () => {
        const fixed = codemod(source, `${c.slug}.js`);
        finding = fixed.findings.find((f) => f.ruleId === c.rule && f.fix.kind === 'rewrite');
        output = fixed.output;
        if (name) created.add(name);
        oldOutcome = await execute(scope.sandbox, caseDriver(c), source, legacyUrl());
        if (oldOutcome.accepted && oldOutcome.queue) created.add(oldOutcome.queue);
        newOutcome = await execute(scope.sandbox, caseDriver(c), output, legacyUrl());
        if (newOutcome.accepted && newOutcome.queue) created.add(newOutcome.queue);
        if (c.standIn) {
          created.add(standInName);
          standInOutcome = await execute(scope.sandbox, 'amqplib', declarationModule('amqplib', standInName, c.standIn.options), legacyUrl());
          standInNew = await execute(scope.sandbox, 'amqplib', codemod(declarationModule('amqplib', standInName, c.options), `${c.slug}-stand-in.js`).output, legacyUrl());
        }
      });

      it('the codemod rewrites it and says what happens to an existing queue', () => {
        expect(finding, `a ${c.rule} rewrite of ${c.options}`).toBeDefined();
        expect(finding!.fix.existingQueue).toBeTypeOf('string');
        expect(output).not.toBe(source);
        expect(output).not.toContain('rabbitmq4-codemod(');
      });

      it(`the legacy node ${c.old === 'accepted' ? 'accepts' : 'refuses'} the old declaration`, () => {
        expect(asExpected(oldOutcome, c.old, name)).toBe(showExpect(c.old, name));
      });

      it(`then the new declaration is ${c.next === 'accepted' ? 'accepted' : 'refused'}`, () => {
        expect(asExpected(newOutcome, c.next, name), `new declaration:\n${output}`).toBe(showExpect(c.next, name));
        if (c.serverNamed && oldOutcome.accepted && newOutcome.accepted) expect(newOutcome.queue).not.toBe(oldOutcome.queue);
      });

      if (c.standIn) {
        it(`stand-in for an existing queue: ${c.standIn.why}`, () => {
          expect(showOutcome(standInOutcome!)).toMatch(/^accepted/);
          expect(asExpected(standInNew!, c.standIn!.next, standInName)).toBe(showExpect(c.standIn!.next, standInName));
        });
      }

      it('existingQueue says what the broker did with the new declaration', () => {
        // Where the old form cannot exist on this node, the stand-in shows what an existing queue does.
        const outcome = c.standIn ? standInNew! : newOutcome;
        const a = agreement(finding!.fix.existingQueue!, outcome);
        expect(a.agrees, `existingQueue: ${a.says}\nbroker: ${a.broker}`).toBe(true);
      });

      if (c.slug === 'rd-durable') {
        it("the advice's other way out, exclusive: true, is refused against the existing queue (405 RESOURCE_LOCKED)", async () => {
          const other = queueName('rd-durable-exclusive');
          created.add(other);
          const transient = await execute(scope.sandbox, 'amqplib', declarationModule('amqplib', other, '{ durable: false }'), legacyUrl());
          expect(showOutcome(transient)).toMatch(/^accepted/);
          const exclusive = await execute(scope.sandbox, 'amqplib', declarationModule('amqplib', other, '{ durable: false, exclusive: true }'), legacyUrl());
          const want = { code: 405, text: `RESOURCE_LOCKED - cannot obtain exclusive access to locked queue '${other}' in vhost '/'` };
          expect(asExpected(exclusive, want, other)).toBe(showExpect(want, other));
        });
      }
    });
  }
});

describe.skipIf(!legacyBrokerAvailable())(`x-queue-mode is annotated, not rewritten ${WHEN_LEGACY}`, () => {
  it("its advice holds: removing it by hand from an existing queue's declaration is refused (406 inequivalent arg)", async () => {
    const sandbox = new Sandbox();
    const name = queueName('rd-queue-mode');
    try {
      const source = declarationModule('amqplib', name, `{ queueMode: 'lazy' }`);
      const fixed = codemod(source, 'rd-queue-mode.js');
      const finding = fixed.findings.find((f) => f.ruleId === DEP);
      expect(finding?.fix.kind).toBe('annotate');
      expect(finding?.fix.description).toContain("406 inequivalent arg 'x-queue-mode'");
      expect(showOutcome(await execute(sandbox, 'amqplib', source, legacyUrl()))).toMatch(/^accepted/);
      const byHand = await execute(sandbox, 'amqplib', declarationModule('amqplib', name, '{}'), legacyUrl());
      const want = inequivalent('x-queue-mode', ": received none but current is the value 'lazy' of type 'longstr'");
      expect(asExpected(byHand, want, name)).toBe(showExpect(want, name));
    } finally {
      await deleteQueues(legacyUrl(), [name]);
      sandbox.remove();
    }
  });
});
