// Rule transient-nonexclusive-queue: non-durable, non-exclusive queues, refused from 4.3.
import type { QueueDeclaration } from '../model';
import { atLeast, type DeclarationRule, type Violation } from './types';
import { queueLabel, queueTypeOf, typeNote } from './queue-facts';
import { describeSource, unknownClause } from './wording';

export const BROKER_ERROR_TRANSIENT = '541 INTERNAL_ERROR - Feature `transient_nonexcl_queues` is deprecated.';

export const transientNonexclusiveQueue: DeclarationRule = {
  meta: {
    id: 'transient-nonexclusive-queue',
    title: 'A non-durable, non-exclusive (transient) queue: refused by default from RabbitMQ 4.3',
    appliesTo: 'queue-declaration',
    severity: { '4.0': 'warning', '4.1': 'warning', '4.2': 'warning', '4.3': 'error' },
    fixable: 'rewrite',
    dependsOn: 'info (reported only) where durable or exclusive is known only at run time; otherwise error on 4.3 and warning before, rewritten to durable: true (exclusive: true for a server-named queue)',
    docs: 'transient-nonexclusive-queue',
    brokerError: BROKER_ERROR_TRANSIENT,
  },
  checkDeclaration(decl, ctx): Violation[] {
    const type = queueTypeOf(decl, ctx);
    if (type === 'quorum' || type === 'stream' || decl.passive) return [];
    const { durable, exclusive } = decl;
    const severity = atLeast(ctx.target, '4.3') ? 'error' : 'warning';
    const when = atLeast(ctx.target, '4.3') ? 'RabbitMQ 4.3 refuses to declare it and closes the connection' : 'RabbitMQ 4.3 will refuse it (4.0-4.2 still accept it, with a deprecation warning)';
    if (durable.kind === 'unknown' || exclusive.kind === 'unknown') {
      if (durable.kind !== 'unknown' && durable.value) return [];
      if (exclusive.kind !== 'unknown' && exclusive.value) return [];
      // The code itself names a path where both are false (a field that is `false` until a method sets it): refused there.
      const mayBeFalse = (r: typeof durable) => (r.kind === 'unknown' ? !!r.possible?.includes(false) : !r.value);
      if (mayBeFalse(durable) && mayBeFalse(exclusive)) {
        const flag = durable.kind === 'unknown' ? 'durable' : 'exclusive';
        const which = durable.kind === 'unknown' ? durable : exclusive;
        return [
          {
            severity: 'warning',
            message: `${queueLabel(decl)}: ${which.kind === 'unknown' ? unknownClause(flag, which.reason) : ''}; where it is false, the queue is transient and non-exclusive, and ${when}.`,
            brokerError: BROKER_ERROR_TRANSIENT,
            focus: which.kind === 'unknown' ? which.origin : undefined,
            advice: `${flag} is false on some paths (where the code does not set it): make the queue durable on every path (durable: true where it is first set), or exclusive: true if only this connection uses it; no rewrite, since the other assignments are the caller's choice`,
          },
        ];
      }
      const which = durable.kind === 'unknown' ? durable : exclusive;
      const flag = durable.kind === 'unknown' ? 'durable' : 'exclusive';
      return [
        {
          severity: 'info',
          message: `${queueLabel(decl)}: ${which.kind === 'unknown' ? unknownClause(flag, which.reason) : ''}. If it is false at run time, the queue is transient and non-exclusive, and ${when}.`,
          brokerError: BROKER_ERROR_TRANSIENT,
          focus: which.kind === 'unknown' ? which.origin : undefined,
          advice: `make sure ${flag} is true for this queue (a durable queue, or an exclusive one for a per-connection temporary queue)`,
        },
      ];
    }
    if (durable.value || exclusive.value) return [];
    const serverNamed = decl.name.kind !== 'unknown' && decl.name.value === '';
    const durableFrom = describeSource(durable, 'durable');
    return [
      {
        severity,
        message: `${queueLabel(decl)} is transient (${durableFrom}) and not exclusive${typeNote(decl, ctx)}: ${when}.`,
        brokerError: BROKER_ERROR_TRANSIENT,
        focus: durable.kind === 'known' ? durable.origin : undefined,
        intents: serverNamed ? [{ kind: 'set-flag', flag: 'exclusive', value: true }] : [{ kind: 'set-flag', flag: 'durable', value: true }],
        advice: serverNamed
          ? 'declare the server-named queue with exclusive: true (a per-connection temporary queue)'
          : 'declare the queue durable: true (add an expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this connection uses it',
        existingQueue: serverNamed
          ? 'A server-named queue gets a new name on every declaration, so no existing queue is affected.'
          : 'A transient queue is deleted when its node restarts, and upgrading to 4.3 restarts every node. Deploy this change after the broker upgrade: while the old transient queue still exists, the durable declaration is refused with 406 PRECONDITION_FAILED - inequivalent arg \'durable\'.',
      },
    ];
  },
};
