// Rule at-least-once-dead-lettering: quorum queues whose at-least-once dead lettering cannot work.
import { valueOf, type QueueDeclaration } from '../model';
import { ALL_TARGETS, type DeclarationRule, type Violation } from './types';
import { queueLabel, queueTypeOf, typeNote } from './queue-facts';

/**
 * x-dead-letter-strategy at-least-once on a quorum queue works only with x-overflow reject-publish
 * and a dead-letter exchange; otherwise the queue falls back without an error (catalogue B4). On a
 * classic queue or stream the argument is refused: queue-argument-not-supported reports that.
 */
export const atLeastOnceDeadLettering: DeclarationRule = {
  meta: {
    id: 'at-least-once-dead-lettering',
    title: "A quorum queue asks for at-least-once dead lettering without x-overflow reject-publish or a dead-letter exchange: silently falls back",
    appliesTo: 'queue-declaration',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    docs: 'at-least-once-dead-lettering',
  },
  checkDeclaration(decl, ctx): Violation[] {
    if (queueTypeOf(decl, ctx) !== 'quorum' || decl.passive) return [];
    const strategy = decl.arguments.find((a) => a.key === 'x-dead-letter-strategy' && valueOf(a.value) === 'at-least-once');
    if (!strategy) return [];
    const missing = missingRequirements(decl);
    if (!missing.length) return [];
    const fallback = missing.some((m) => m.what === 'dlx') ? 'disables dead lettering' : 'falls back to at-most-once dead lettering (messages can be lost on the way to the dead-letter exchange)';
    return [
      {
        severity: 'warning',
        message: `${queueLabel(decl)}${typeNote(decl, ctx)} is a quorum queue with x-dead-letter-strategy: 'at-least-once' but ${missing.map((m) => m.text).join(' and ')}: the broker accepts the declaration, logs a warning and ${fallback}.`,
        focus: strategy.value.kind !== 'default' ? strategy.value.origin : undefined,
        advice: `${missing.map((m) => m.fix).join(' and ')} (setting x-max-length or x-max-length-bytes too is recommended), or set them through a policy (overflow, dead-letter-exchange): an existing queue refuses changed arguments (406 inequivalent arg) until it is recreated, while a policy applies to it as it is`,
      },
    ];
  },
};

interface Missing {
  what: 'overflow' | 'dlx';
  text: string;
  fix: string;
}

/** What at-least-once needs and the declaration does not set (unknown values and hidden arguments are given the benefit of the doubt). */
function missingRequirements(decl: QueueDeclaration): Missing[] {
  const out: Missing[] = [];
  const overflow = decl.arguments.find((a) => a.key === 'x-overflow');
  if (overflow ? overflow.value.kind !== 'unknown' && valueOf(overflow.value) !== 'reject-publish' : !decl.argumentsIncomplete) {
    const current = overflow ? `x-overflow is '${String(valueOf(overflow.value))}'` : 'no x-overflow is set (the default is drop-head, unless a policy sets overflow)';
    out.push({ what: 'overflow', text: current, fix: "set x-overflow: 'reject-publish'" });
  }
  if (!decl.arguments.some((a) => a.key === 'x-dead-letter-exchange') && !decl.argumentsIncomplete) {
    out.push({ what: 'dlx', text: 'no x-dead-letter-exchange is set (unless a policy sets one)', fix: 'set x-dead-letter-exchange to the exchange that receives dead-lettered messages' });
  }
  return out;
}
