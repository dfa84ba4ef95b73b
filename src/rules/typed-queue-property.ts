// Rules quorum-queue-invalid-property and stream-queue-invalid-property.
import type { FixIntent, QueueDeclaration, QueueType, Resolved } from '../model';
import { atLeast, ALL_TARGETS, type DeclarationRule, type Violation } from './types';
import { brokerTypeName, queueLabel, queueNameForError, queueTypeOf, typeNote, typeOrigin, vhostOf } from './queue-facts';
import { unknownClause } from './wording';
import { BROKER_ERROR_TRANSIENT } from './transient-nonexclusive-queue';

interface Problem {
  property: string;
  brokerError: string;
  what: string;
}

/**
 * Quorum queues and streams must be durable, non-exclusive, non-auto-delete and client-named
 * (catalogue B1 / E1). One rule per queue type, built here.
 */
export function typedQueuePropertyRule(type: Exclude<QueueType, 'classic'>): DeclarationRule {
  const id = `${type}-queue-invalid-property`;
  const kind = type === 'quorum' ? 'quorum queue' : 'stream';
  return {
    meta: {
      id,
      title: `A ${kind} declared exclusive, auto-delete, non-durable or server-named: refused with 406`,
      appliesTo: 'queue-declaration',
      severity: ALL_TARGETS('error'),
      fixable: 'rewrite',
      dependsOn: `error, rewritten; info (reported only) where durable, exclusive or autoDelete is known only at run time (the ${kind} may still be refused)`,
      docs: id,
      brokerError: "406 PRECONDITION_FAILED - invalid property 'auto-delete' for queue 'Q' in vhost '/'",
    },
    checkDeclaration(decl, ctx): Violation[] {
      if (queueTypeOf(decl, ctx) !== type || decl.passive) return [];
      const q = queueNameForError(decl);
      const vhost = vhostOf(decl);
      const byDefaultType = typeOrigin(decl, ctx).from === 'default';
      const is = (r: Resolved<boolean>, v: boolean) => r.kind !== 'unknown' && r.value === v;
      const serverNamed = decl.name.kind !== 'unknown' && decl.name.value === '';
      const problems: Problem[] = [];
      if (serverNamed) {
        problems.push({ property: 'server-named', what: 'server-named (empty name)', brokerError: `406 PRECONDITION_FAILED - Cannot declare a server-named queue for type ${brokerTypeName(type)}` });
      }
      // On 4.3 the transient-queue check runs before the property checks: a non-durable, non-exclusive
      // quorum queue or stream gets the 541 and the connection closes (checked against a real 4.3.6
      // broker with upstream defaults; 4.0-4.2, or 4.3 with transient queues permitted, answer 406).
      if (atLeast(ctx.target, '4.3') && is(decl.durable, false) && is(decl.exclusive, false)) {
        problems.push({ property: 'non-durable', what: 'non-durable', brokerError: BROKER_ERROR_TRANSIENT });
      }
      if (is(decl.autoDelete, true)) problems.push({ property: 'auto-delete', what: 'auto-delete', brokerError: `406 PRECONDITION_FAILED - invalid property 'auto-delete' for queue '${q}' in vhost '${vhost}'` });
      if (is(decl.exclusive, true)) problems.push({ property: 'exclusive', what: 'exclusive', brokerError: `406 PRECONDITION_FAILED - invalid property 'exclusive-owner' for queue '${q}' in vhost '${vhost}'` });
      if (is(decl.durable, false) && !problems.some((p) => p.property === 'non-durable')) {
        problems.push({ property: 'non-durable', what: 'non-durable', brokerError: `406 PRECONDITION_FAILED - invalid property 'non-durable' for queue '${q}' in vhost '${vhost}'` });
      }
      const unknownFlags = (['durable', 'exclusive', 'autoDelete'] as const).filter((f) => decl[f].kind === 'unknown');
      if (problems.length === 0) {
        if (unknownFlags.length === 0) return [];
        const flag = unknownFlags[0];
        const r = decl[flag];
        return [
          {
            severity: 'info',
            message: `${queueLabel(decl)} is a ${kind}, but ${r.kind === 'unknown' ? unknownClause(flag, r.reason) : ''}: a ${kind} is refused (406) if it is exclusive, auto-delete or non-durable.`,
            advice: `make sure the ${kind} is durable, not exclusive and not auto-delete`,
          },
        ];
      }
      // Auto-delete that only comes from the library's default (node-amqp) is not a request for a temporary queue.
      const byDefault = decl.autoDelete.kind === 'default' && decl.autoDelete.value && !is(decl.exclusive, true);
      const temporary = problems.some((p) => p.property === 'exclusive' || (p.property === 'auto-delete' && !byDefault));
      let intents: FixIntent[] | undefined;
      let advice: string;
      if (temporary && type === 'quorum') {
        intents = [{ kind: 'remove-argument', key: 'x-queue-type' }];
        advice = `a temporary (exclusive or auto-delete) queue has no use for replication: declare it as a classic queue (drop x-queue-type), or make the ${kind} durable, non-exclusive and non-auto-delete`;
      } else if (temporary) {
        // A stream is a log read by offset: keep it a stream (its consumers may pass x-stream-offset).
        intents = (['exclusive', 'autoDelete'] as const).filter((f) => is(decl[f], true)).map((flag) => ({ kind: 'set-flag' as const, flag, value: false }));
        if (is(decl.durable, false)) intents.push({ kind: 'set-flag', flag: 'durable', value: true });
        advice = `declare the ${kind} durable, not exclusive and not auto-delete (a stream keeps its messages for every consumer; use x-max-age / x-max-length-bytes for retention)`;
      } else if (byDefault || problems.some((p) => p.property === 'non-durable')) {
        intents = [];
        if (byDefault && is(decl.autoDelete, true)) intents.push({ kind: 'set-flag', flag: 'autoDelete', value: false });
        if (is(decl.durable, false)) intents.push({ kind: 'set-flag', flag: 'durable', value: true });
        advice = `declare the ${kind} durable, not auto-delete`;
      } else if (byDefaultType) {
        // The default queue type makes it a quorum queue or stream; an exclusive one falls back to classic (catalogue F3 (d)).
        intents = [{ kind: 'set-flag', flag: 'exclusive', value: true }];
        advice = `declare the server-named queue exclusive: true (a per-connection temporary queue, which the broker then declares classic), or give it a name if it is meant to be a ${kind}`;
      } else {
        advice = `give the ${kind} a name (a ${kind} cannot be server-named), or drop x-queue-type and declare it exclusive: true if it is a per-connection temporary queue`;
      }
      return [
        {
          severity: 'error',
          message: byDefaultType
            ? `this server-named queue${typeNote(decl, ctx)} is a ${kind}, which cannot be server-named: RabbitMQ refuses it (406).`
            : `${serverNamed ? `this ${kind} is declared` : `${queueLabel(decl)} is a ${kind} declared`} ${problems.map((p) => p.what).join(', ')}: RabbitMQ refuses it (${problems[0].brokerError.startsWith('541') ? '541, closing the connection' : '406'}).`,
          brokerError: problems[0].brokerError,
          intents,
          advice,
          existingQueue: byDefaultType
            ? 'A server-named queue gets a new name on every declaration, so no existing queue is affected.'
            : `The ${kind} declaration was refused, so no ${kind} by this name exists; the declaration after the fix creates a new queue.`,
          ...(byDefaultType ? {} : { neverAccepted: true as const }),
        },
      ];
    },
  };
}

export const quorumQueueInvalidProperty = typedQueuePropertyRule('quorum');
export const streamQueueInvalidProperty = typedQueuePropertyRule('stream');
