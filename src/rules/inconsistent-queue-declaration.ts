// Rule inconsistent-queue-declaration: one queue declared in two places with different flags, type or arguments.
import { ALL_TARGETS, atLeast, type DeclarationRule, type RuleContext, type Violation } from './types';
import { canMeet, describeDifference, differences, firstRefusal, relaxedNote, refusalText, runTogether, samePlace, shapeOf, type DeclaredQueue, type Difference, type QueueShape } from './equivalence';
import { vhostOf } from './queue-facts';

const ID = 'inconsistent-queue-declaration';

/** How many other places a finding names in its message, and lists as related locations. */
const NAMED = 3;
const RELATED = 10;

/**
 * A queue as the target lets it be declared: a transient, non-exclusive classic queue is refused outright from 4.3
 * (transient-nonexclusive-queue reports it), so it never makes the queue nor meets another declaration as it is
 * written; what meets the others is its fix, durable: true.
 */
function declarable(shape: QueueShape, target: RuleContext['target']): QueueShape {
  const transient = 'value' in shape.durable && !shape.durable.value && 'value' in shape.exclusive && !shape.exclusive.value;
  return transient && atLeast(target, '4.3') && 'value' in shape.type && shape.type.value === 'classic' ? { ...shape, durable: { value: true } } : shape;
}

/**
 * The broker keeps the settings of whichever declaration makes the queue and refuses every later one that
 * differs (406 inequivalent arg; 405 for an exclusive against a shared queue). Two places of a code base
 * that declare the same queue differently therefore fail in the order they start: during a migration to
 * quorum queues, the normal state of a code base. Each declaration is compared with every other one of the
 * same queue (the same vhost where the code names both) by the broker's own comparison (equivalence.ts).
 */
export const inconsistentQueueDeclaration: DeclarationRule = {
  meta: {
    id: ID,
    title: 'The same queue declared in two places with a different flag, type or argument: whichever declares it second is refused (406)',
    appliesTo: 'queue-declaration',
    severity: ALL_TARGETS('error'),
    fixable: 'annotate',
    docs: ID,
    dependsOn: 'error, annotated, where the two declarations certainly differ and run against one broker: modules of a program, services of a repository, scripts side by side in one folder (a sender and a receiver); info (reported only) where a value left to run time decides whether they differ, or where both are standalone scripts (no module imports them, they export nothing) in different folders of one package; nothing for standalone scripts of one folder whose names start with different lesson numbers (01_recv.js, 04_receive_logs_direct.js: numbered tutorial steps, each run on its own), nor for test files',
    brokerError: "406 PRECONDITION_FAILED - inequivalent arg 'durable' for queue 'Q' in vhost '/': received 'false' but current is 'true'",
  },
  checkDeclaration(decl, ctx): Violation[] {
    if (decl.passive || decl.name.kind === 'unknown' || decl.name.value === '') return [];
    const name = decl.name.value;
    const all = ctx.declaredQueues(name);
    const me = all.find((d) => samePlace(d.place, decl.at));
    if (!me) return [];
    const shape = declarable(shapeOf(decl, ctx), ctx.target);
    const conflicts: { other: DeclaredQueue; diffs: Difference[]; refusal?: Difference; maybe?: true }[] = [];
    for (const other of all) {
      if (other === me || !canMeet(me, other)) continue;
      const diffs = differences(declarable(other.shape, ctx.target), shape);
      if (diffs.length) conflicts.push({ other, diffs, refusal: firstRefusal(diffs), ...(runTogether(me, other) === 'maybe' ? { maybe: true as const } : {}) });
    }
    if (!conflicts.length) return [];
    const certain = conflicts.filter((c) => c.refusal && !c.maybe);
    const shown = certain.length ? certain : conflicts;
    const first = shown[0];
    const vhost = me.vhost ?? first.other.vhost ?? vhostOf(decl);
    const where = (d: DeclaredQueue) => `${d.place.file}:${d.place.line} (${d.callee})`;
    const what = (c: (typeof conflicts)[number]) => (c.refusal ? [c.refusal] : c.diffs).map((d) => describeDifference(d, 'here', 'there')).join('; ');
    const more = shown.length > 1 ? ` Also declared differently at ${shown.slice(1, NAMED).map((c) => `${where(c.other)} (${what(c)})`).join(', ')}${shown.length > NAMED ? ` and ${shown.length - NAMED} more place(s)` : ''}.` : '';
    const sameVhost = me.vhost !== undefined && first.other.vhost !== undefined ? '' : ' (when both use the same vhost)';
    const atMe = `at ${me.place.file}:${me.place.line}`;
    const related = conflicts.slice(0, RELATED).map((c) => ({ place: c.other.place, message: `declares queue '${name}' too: ${(c.refusal ? [c.refusal] : c.diffs).map((d) => describeDifference(d, atMe, 'here')).join('; ')}` }));
    const advice = `declare queue '${name}' the same way in every place (one shared declaration or the same options) and deploy the change to every service at once; a queue that exists keeps the settings it was made with, so recreate it (drain, delete, redeclare) or move to a new name when its settings change`;
    if (first.refusal && !first.maybe) {
      const brokerError = refusalText(first.refusal, name, vhost);
      const existing = first.other.shape;
      return [
        {
          severity: 'error',
          message: `queue '${name}' is declared differently here and at ${where(first.other)}: ${what(first)}. Whichever runs second is refused${sameVhost}: once ${first.other.place.file}:${first.other.place.line} has made the queue, this declaration gets ${brokerError.split(' - ')[0]} and its channel is closed.${relaxedNote(existing, shape, name, vhost)}${more}`,
          brokerError,
          advice,
          related,
        },
      ];
    }
    const d = first.refusal ?? first.diffs[0];
    if (first.maybe) {
      return [
        {
          severity: 'info',
          message: `queue '${name}' is declared differently here and at ${where(first.other)}: ${describeDifference(d, 'here', 'there')}. Both are standalone scripts in different folders that share no module, so nothing in the code runs them together; if both run against one broker${sameVhost}, whichever runs second is refused (406).${more}`,
          advice,
          related,
        },
      ];
    }
    return [
      {
        severity: 'info',
        message: `queue '${name}' is declared here and at ${where(first.other)}, and ${describeDifference(d, 'here', 'there')}: if the two differ at run time, whichever runs second is refused (406)${sameVhost}.${more}`,
        advice,
        related,
      },
    ];
  },
};
