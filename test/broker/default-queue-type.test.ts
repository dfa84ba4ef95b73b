/**
 * Issue 26 on the strict 4.3 node (RABBITMQ_URL and RABBITMQ_MANAGEMENT_URL): the default queue type and the
 * broker's redeclaration comparison, as the rules say them.
 *
 * - A vhost made for the run with default_queue_type quorum. Each amqplib declaration (a module that names the
 *   vhost in its URL, so the per-vhost setting applies) is analysed with that default: what the rules say is
 *   refused is refused with the finding's brokerError, the rewritten declaration is accepted, and every
 *   accepted declaration gets the type the tool says (the injection rules of catalogue F3, exclusive and
 *   auto-delete falling back to classic, measured here).
 * - Two declarations of one queue in two files: the first made on the broker (its connection kept open, as a
 *   running service keeps it), the second gets exactly the 406 (or 405) its inconsistent-queue-declaration
 *   finding states; and the old form of a declaration gets the 406 a rewrite's deploy advice states, once the
 *   rewritten form of another made the queue.
 */
import * as amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, type FileResult } from '../../src/engine/analyze';
import { applyEdits } from '../../src/fix/object-edit';
import type { Finding } from '../../src/model';
import { queueTypeOf } from '../../src/rules/queue-facts';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { replyOf, RUN, Sandbox, settle, showReply, withTimeout, type Reply } from './harness';
import { createVhost, deleteVhost, managementProblem, queueTypeOnBroker, vhostUrl } from './management';
import { asStated } from './scope';

const available = brokerAvailable() && !managementProblem();
const WHEN = `${WHEN_STRICT} (and RABBITMQ_MANAGEMENT_URL)`;

type Outcome = { accepted: true; queue: string } | { accepted: false; reply?: Reply; errors: string[] };

/** A declaration module that names its vhost in the URL it connects to (the codemod reads the vhost from it). */
function moduleText(url: string, name: string, options: string): string {
  return `'use strict';
const amqp = require('amqplib');

module.exports = async function declare(watch) {
  const connection = await amqp.connect(${JSON.stringify(url)});
  watch(connection);
  const channel = await connection.createChannel();
  return channel.assertQueue(${JSON.stringify(name)}, ${options});
};
`;
}

/**
 * Runs a declaration module on a connection of its own and keeps that connection open until `close` (a
 * service that declared a queue keeps its connection; an exclusive queue lives as long as it does).
 */
async function declareAndHold(sandbox: Sandbox, source: string): Promise<{ outcome: Outcome; close: () => Promise<void> }> {
  const declare = sandbox.load<(watch: (c: amqp.ChannelModel) => void) => Promise<{ queue: string }>>(source);
  const conns: amqp.ChannelModel[] = [];
  const errors: Error[] = [];
  const close = async () => {
    for (const c of conns) await settle(Promise.resolve().then(() => c.close()), 3000);
  };
  try {
    const ok = await withTimeout(
      declare((c) => {
        conns.push(c);
        c.on('error', (e: Error) => errors.push(e));
      }),
      OP_TIMEOUT,
      'the declaration',
    );
    return { outcome: { accepted: true, queue: ok.queue }, close };
  } catch (e) {
    // A connection-level close (541) reaches the connection's 'error' a moment after the pending declaration fails.
    await new Promise((r) => setTimeout(r, 200));
    const all = [e as Error, ...errors];
    return { outcome: { accepted: false, reply: all.map((x) => replyOf(x.message)).find(Boolean), errors: all.map((x) => x.message) }, close };
  }
}

const show = (o: Outcome) => (o.accepted ? `accepted (${o.queue})` : `refused: ${showReply(o.reply)} ${o.reply ? '' : o.errors.join(' | ')}`);
const refusals = (findings: Finding[]) => findings.filter((f) => f.severity === 'error' && f.brokerError);

interface DefaultCase {
  slug: string;
  what: string;
  options: string;
  serverNamed?: boolean;
  /** The rule that must say it is refused under the default (none: accepted, and no rule says otherwise). */
  rule?: string;
  /** The type the broker gives it (or its rewrite), as the tool must say it. */
  type: 'classic' | 'quorum' | 'stream';
  /** No rewrite exists (an annotation for a human). */
  annotate?: boolean;
}

const QQ = 'quorum-queue-invalid-property';
const ARG = 'queue-argument-not-supported';
const T = 'transient-nonexclusive-queue';

const CASES: DefaultCase[] = [
  { slug: 'plain', what: 'a plain named queue (amqplib defaults)', options: '{}', type: 'quorum' },
  { slug: 'quorum-args', what: 'message TTL, dead-letter exchange, max length, delivery limit', options: "{ messageTtl: 60000, deadLetterExchange: 'dlx', maxLength: 100, arguments: { 'x-delivery-limit': 5 } }", type: 'quorum' },
  { slug: 'server-named', what: "a server-named queue ('') with amqplib's defaults", options: '{}', serverNamed: true, rule: QQ, type: 'classic' },
  { slug: 'server-named-excl', what: 'a server-named exclusive queue', options: '{ exclusive: true }', serverNamed: true, type: 'classic' },
  { slug: 'priority', what: 'maxPriority: 10', options: '{ maxPriority: 10 }', rule: ARG, type: 'quorum' },
  { slug: 'mode', what: "x-queue-mode: 'lazy'", options: "{ arguments: { 'x-queue-mode': 'lazy' } }", rule: ARG, type: 'quorum' },
  { slug: 'version', what: 'x-queue-version: 2', options: "{ arguments: { 'x-queue-version': 2 } }", rule: ARG, type: 'quorum' },
  { slug: 'locator', what: "x-queue-master-locator: 'min-masters' (406 under quorum, not the classic 541)", options: "{ arguments: { 'x-queue-master-locator': 'min-masters' } }", rule: ARG, type: 'quorum' },
  { slug: 'max-age', what: "a stream's x-max-age", options: "{ arguments: { 'x-max-age': '7D' } }", rule: ARG, type: 'quorum', annotate: true },
  { slug: 'transient', what: 'durable: false (not typed by the default: classic, and transient)', options: '{ durable: false }', rule: T, type: 'quorum' },
  { slug: 'excl-priority', what: 'exclusive with maxPriority (falls back to classic)', options: '{ exclusive: true, maxPriority: 10 }', type: 'classic' },
  { slug: 'ad-priority', what: 'autoDelete with maxPriority (falls back to classic)', options: '{ autoDelete: true, maxPriority: 10 }', type: 'classic' },
  { slug: 'classic-priority', what: "an explicit x-queue-type: 'classic' with maxPriority", options: "{ maxPriority: 10, arguments: { 'x-queue-type': 'classic' } }", type: 'classic' },
];

const STREAM_CASES: DefaultCase[] = [
  { slug: 's-plain', what: 'a plain named queue', options: '{}', type: 'stream' },
  { slug: 's-ttl', what: 'a message TTL, which a stream does not take', options: '{ messageTtl: 60000 }', rule: ARG, type: 'stream', annotate: true },
  { slug: 's-excl', what: 'an exclusive queue (falls back to classic)', options: '{ exclusive: true, messageTtl: 60000 }', type: 'classic' },
];

describe.skipIf(!available)(`the default queue type stream on a real 4.3 vhost ${WHEN}`, () => {
  let vhost = '';
  let url = '';
  let sandbox: Sandbox;
  beforeAll(async () => {
    vhost = await createVhost('dqt-stream', 'stream');
    url = vhostUrl(strictUrl(), vhost);
    sandbox = new Sandbox('rmq4-dqt-s-');
  });
  afterAll(async () => {
    await deleteVhost(vhost);
    sandbox?.remove();
  });
  for (const c of STREAM_CASES) {
    it(`${c.what}: ${c.rule ? `refused as ${c.rule} says` : 'accepted'}, typed ${c.type} as the tool says`, async () => {
      const name = `rmq4cm-dqt-${c.slug}-${RUN}`;
      const source = moduleText(url, name, c.options);
      const options = { target: '4.3' as const, defaultQueueType: 'stream' as const };
      const file = analyze([{ path: 'declare.js', text: source }], options).files[0];
      let typed: string | undefined;
      const r = await declareAndHold(sandbox, source);
      if (r.outcome.accepted) typed = await queueTypeOnBroker(vhost, r.outcome.queue);
      await r.close();
      const finding = refusals(file.findings).find((f) => f.ruleId === c.rule);
      if (!c.rule) {
        expect(r.outcome.accepted, show(r.outcome)).toBe(true);
        expect(refusals(file.findings)).toEqual([]);
        expect(typed).toBe(c.type);
        expect(queueTypeOf(file.model!.declarations[0], options)).toBe(c.type);
        return;
      }
      expect(finding).toBeDefined();
      expect(r.outcome.accepted).toBe(false);
      if (r.outcome.accepted) return;
      const stated = asStated(r.outcome.reply, finding!.brokerError!);
      expect(stated.actual, `the broker said ${showReply(r.outcome.reply)}`).toEqual(stated.want);
    });
  }
});

describe.skipIf(!available)(`the default queue type quorum on a real 4.3 vhost ${WHEN}`, () => {
  let vhost = '';
  let url = '';
  let sandbox: Sandbox;
  const held: (() => Promise<void>)[] = [];
  const options = () => ({ target: '4.3' as const, defaultQueueType: { [vhost]: 'quorum' as const } });

  beforeAll(async () => {
    vhost = await createVhost('dqt', 'quorum');
    url = vhostUrl(strictUrl(), vhost);
    sandbox = new Sandbox('rmq4-dqt-');
  });
  afterAll(async () => {
    for (const close of held) await close();
    await deleteVhost(vhost);
    sandbox?.remove();
  });

  /** Runs a declaration; `check` sees the outcome while its connection is open (an exclusive queue lives as long). */
  const run = async (source: string, check?: (o: Outcome) => Promise<void>): Promise<Outcome> => {
    const r = await declareAndHold(sandbox, source);
    try {
      await check?.(r.outcome);
    } finally {
      await r.close();
    }
    return r.outcome;
  };

  for (const c of CASES) {
    it(`${c.what}: ${c.rule ? `refused as ${c.rule} says, the rewrite accepted` : 'accepted'}, typed ${c.type} as the tool says`, async () => {
      const name = c.serverNamed ? '' : `rmq4cm-dqt-${c.slug}-${RUN}`;
      const source = moduleText(url, name, c.options);
      const analysis = analyze([{ path: 'declare.js', text: source }], options());
      const file = analysis.files[0] as FileResult;
      const decl = file.model!.declarations[0];
      expect(decl.vhost).toBe(vhost);
      let typed: string | undefined;
      const before = await run(source, async (o) => void (typed = o.accepted && !c.serverNamed ? await queueTypeOnBroker(vhost, o.queue) : undefined));
      const refused = refusals(file.findings);
      if (!c.rule) {
        expect(before.accepted, show(before)).toBe(true);
        expect(refused).toEqual([]);
        expect(queueTypeOf(decl, options())).toBe(c.type);
        if (!c.serverNamed) expect(typed).toBe(c.type);
        return;
      }
      const finding = refused.find((f) => f.ruleId === c.rule);
      expect(finding, `${c.rule} finding; got ${file.findings.map((f) => f.ruleId).join(', ')}`).toBeDefined();
      expect(before.accepted, `expected a refusal, got ${show(before)}`).toBe(false);
      if (before.accepted) return;
      const stated = asStated(before.reply, finding!.brokerError!);
      expect(stated.actual, `the broker said ${showReply(before.reply)}`).toEqual(stated.want);
      if (c.annotate) {
        expect(finding!.fix.kind).toBe('annotate');
        return;
      }
      expect(finding!.fix.kind).toBe('rewrite');
      const fixed = applyEdits(source, file.edits);
      const after = await run(fixed, async (o) => void (typed = o.accepted && !c.serverNamed ? await queueTypeOnBroker(vhost, o.queue) : undefined));
      expect(after.accepted, `the rewrite:\n${fixed}\n${show(after)}`).toBe(true);
      const again = analyze([{ path: 'declare.js', text: fixed }], options()).files[0];
      expect(refusals(again.findings)).toEqual([]);
      expect(queueTypeOf(again.model!.declarations[0], options())).toBe(c.type);
      if (!c.serverNamed) expect(typed).toBe(c.type);
    });
  }

  interface ConflictCase {
    slug: string;
    what: string;
    first: string;
    second: string;
  }
  const CONFLICTS: ConflictCase[] = [
    { slug: 'auto-delete', what: 'auto-delete, then not', first: '{ autoDelete: true }', second: '{}' },
    { slug: 'ttl', what: 'two message TTLs', first: '{ messageTtl: 1000 }', second: '{ messageTtl: 2000 }' },
    { slug: 'ttl-missing', what: 'no TTL, then a TTL (the broker names the number type the client chose)', first: '{}', second: '{ messageTtl: 1000 }' },
    { slug: 'dlx-missing', what: 'a dead-letter exchange, then none', first: "{ deadLetterExchange: 'dlx' }", second: '{}' },
    { slug: 'type', what: "no x-queue-type (quorum by the default), then x-queue-type: 'classic'", first: '{}', second: "{ arguments: { 'x-queue-type': 'classic' } }" },
    { slug: 'type-back', what: "x-queue-type: 'classic', then none (quorum by the default)", first: "{ arguments: { 'x-queue-type': 'classic' } }", second: '{}' },
    { slug: 'exclusive', what: 'exclusive on a connection that stays open, then shared', first: '{ exclusive: true }', second: '{}' },
  ];

  for (const c of CONFLICTS) {
    it(`two declarations of one queue, ${c.what}: the second gets the reply its finding states`, async () => {
      const name = `rmq4cm-dqt-x-${c.slug}-${RUN}`;
      const a = moduleText(url, name, c.first);
      const b = moduleText(url, name, c.second);
      const analysis = analyze(
        [
          { path: 'services/a/declare.js', text: a },
          { path: 'services/b/declare.js', text: b },
        ],
        options(),
      );
      const conflict = analysis.files[1].findings.find((f) => f.ruleId === 'inconsistent-queue-declaration');
      expect(conflict, 'an inconsistent-queue-declaration finding on the second').toBeDefined();
      expect(conflict!.message).toContain('services/a/declare.js:8');
      const first = await declareAndHold(sandbox, a);
      held.push(first.close);
      expect(first.outcome.accepted, show(first.outcome)).toBe(true);
      const second = await declareAndHold(sandbox, b);
      await second.close();
      expect(second.outcome.accepted, `expected a refusal, got ${show(second.outcome)}`).toBe(false);
      if (second.outcome.accepted) return;
      const stated = asStated(second.outcome.reply, conflict!.brokerError!);
      expect(stated.actual, `the broker said ${showReply(second.outcome.reply)}`).toEqual(stated.want);
    });
  }

  it('durable: true, then durable: false: 4.3 refuses the transient one whatever exists (541 alone, 406 once the durable queue exists), so it is reported once, as transient, and its fix agrees with the other', async () => {
    const name = `rmq4cm-dqt-x-durable-${RUN}`;
    const a = moduleText(url, name, '{ arguments: { "x-queue-type": "classic" } }');
    const b = moduleText(url, name, '{ durable: false, arguments: { "x-queue-type": "classic" } }');
    const analysis = analyze(
      [
        { path: 'services/a/declare.js', text: a },
        { path: 'services/b/declare.js', text: b },
      ],
      options(),
    );
    const findings = analysis.files.flatMap((f) => f.findings);
    expect(findings.filter((f) => f.ruleId === 'inconsistent-queue-declaration')).toEqual([]);
    const transient = analysis.files[1].findings.find((f) => f.ruleId === T);
    expect(transient?.fix.kind).toBe('rewrite');
    // Alone it never makes the queue: the durable declaration that follows is accepted.
    const alone = await run(b);
    expect(alone.accepted, show(alone)).toBe(false);
    if (!alone.accepted) {
      const stated = asStated(alone.reply, transient!.brokerError!);
      expect(stated.actual, `the broker said ${showReply(alone.reply)}`).toEqual(stated.want);
    }
    const first = await declareAndHold(sandbox, a);
    held.push(first.close);
    expect(first.outcome.accepted, show(first.outcome)).toBe(true);
    // Once the durable queue exists, the transient form is refused too (406 inequivalent arg 'durable'), and its fix is accepted.
    const after = await run(b);
    expect(after.accepted, show(after)).toBe(false);
    if (!after.accepted) expect(after.reply?.text).toContain("inequivalent arg 'durable'");
    const fixed = await run(applyEdits(b, analysis.files[1].edits));
    expect(fixed.accepted, show(fixed)).toBe(true);
  });

  it('an explicit quorum and no type (quorum by the default) are one declaration: no finding, both accepted', async () => {
    const name = `rmq4cm-dqt-x-same-${RUN}`;
    const a = moduleText(url, name, "{ arguments: { 'x-queue-type': 'quorum' } }");
    const b = moduleText(url, name, '{ durable: true }');
    const analysis = analyze(
      [
        { path: 'a.js', text: a },
        { path: 'b.js', text: b },
      ],
      options(),
    );
    expect(analysis.files.flatMap((f) => f.findings).filter((f) => f.ruleId === 'inconsistent-queue-declaration')).toEqual([]);
    expect((await run(a)).accepted).toBe(true);
    const second = await run(b);
    expect(second.accepted, show(second)).toBe(true);
  });

  it("a rewrite's deploy advice: the other declaration's old form gets the 406 it states once the rewritten one made the queue", async () => {
    const name = `rmq4cm-dqt-deploy-${RUN}`;
    const a = moduleText(url, name, '{ durable: false }');
    const b = moduleText(url, name, '{ durable: false }');
    const analysis = analyze(
      [
        { path: 'services/a/declare.js', text: a },
        { path: 'services/b/declare.js', text: b },
      ],
      options(),
    );
    const rewrite = analysis.files[0].findings.find((f) => f.ruleId === T && f.fix.kind === 'rewrite');
    expect(rewrite, 'a rewrite of the transient queue').toBeDefined();
    const stated = /gets (\d{3} [A-Z_]+ - .*?)(?:; and |\. |\.$)/.exec(rewrite!.fix.existingQueue ?? '');
    expect(stated, rewrite!.fix.existingQueue).not.toBeNull();
    expect(stated![1]).toContain("inequivalent arg 'durable'");
    const fixed = applyEdits(a, analysis.files[0].edits);
    const made = await declareAndHold(sandbox, fixed);
    held.push(made.close);
    expect(made.outcome.accepted, show(made.outcome)).toBe(true);
    const old = await run(b);
    expect(old.accepted, show(old)).toBe(false);
    if (old.accepted) return;
    const want = asStated(old.reply, stated![1]);
    expect(want.actual, `the broker said ${showReply(old.reply)}`).toEqual(want.want);
  });
});
