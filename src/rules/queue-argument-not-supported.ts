// Rule queue-argument-not-supported: an x-argument the queue type refuses.
import { valueOf, type FixIntent } from '../model';
import { ALL_TARGETS, type DeclarationRule, type Violation } from './types';
import { ARGUMENT_MATRIX, argumentVerdict, brokerTypeName, queueLabel, queueNameForError, queueTypeOf } from './queue-facts';
import { leaderLocatorFor } from './deprecated-queue-argument';

export const queueArgumentNotSupported: DeclarationRule = {
  meta: {
    id: 'queue-argument-not-supported',
    title: 'An x-argument the queue type does not accept: refused with 406',
    appliesTo: 'queue-declaration',
    severity: ALL_TARGETS('error'),
    fixable: 'rewrite',
    dependsOn: 'error where every 4.x refuses the argument for the queue type; warning where only a 4.3 patch release refuses it and earlier versions ignore it',
    docs: 'queue-argument-not-supported',
    brokerError: "406 PRECONDITION_FAILED - invalid arg 'x-max-priority' for queue 'Q' in vhost '/' of queue type rabbit_quorum_queue",
  },
  checkDeclaration(decl, ctx): Violation[] {
    const type = queueTypeOf(decl);
    if (type === 'unknown' || decl.passive) return [];
    const out: Violation[] = [];
    for (const arg of decl.arguments) {
      const verdict = argumentVerdict(arg.key, type, ctx.target);
      if (verdict !== 'refused' && verdict !== 'refused-from-4.3') continue;
      const spelled = arg.via === 'option' ? `${arg.spelledAs} (${arg.key})` : arg.key;
      const brokerError = `406 PRECONDITION_FAILED - invalid arg '${arg.key}' for queue '${queueNameForError(decl)}' in vhost '/' of queue type ${brokerTypeName(type)}`;
      let intents: FixIntent[] = [{ kind: 'remove-argument', key: arg.key }];
      let advice = `remove ${spelled}: a ${type} queue does not accept it`;
      let note = '';
      if (arg.key === 'x-max-priority' && type === 'quorum') {
        note = ' Quorum queues have built-in message priorities (2 levels in 4.0-4.2, 32 strict levels in 4.3); publishers keep setting the priority property.';
        advice += '; quorum queues support message priorities without it';
      }
      if (arg.key === 'x-queue-master-locator') {
        const locator = leaderLocatorFor(valueOf(arg.value));
        intents = [{ kind: 'replace-argument', key: arg.key, newKey: 'x-queue-leader-locator', newValue: locator }];
        advice = `replace x-queue-master-locator with x-queue-leader-locator: '${locator}' (or a queue-leader-locator policy)`;
      }
      if (verdict === 'refused-from-4.3') {
        out.push({
          severity: 'warning',
          message: `${queueLabel(decl)} (${type}) sets ${spelled}, which a ${type} queue does not accept: RabbitMQ ${ARGUMENT_MATRIX[arg.key]?.patch ?? '4.3'} refuses it with 406 (earlier 4.x versions ${ARGUMENT_MATRIX[arg.key]?.earlier ?? 'ignore it'}).`,
          brokerError,
          focus: arg.value.kind !== 'default' ? arg.value.origin : undefined,
          intents,
          advice,
          existingQueue: `${arg.key} is not part of a ${type} queue's equivalence check, so an existing queue accepts the declaration without it.`,
        });
        continue;
      }
      const since = ARGUMENT_MATRIX[arg.key]?.since;
      if (since) note += ` Brokers before ${ARGUMENT_MATRIX[arg.key].patch ?? since} accepted it.`;
      out.push({
        severity: 'error',
        message: `${queueLabel(decl)} is a ${type} queue and sets ${spelled}, which a ${type} queue does not accept: RabbitMQ ${ARGUMENT_MATRIX[arg.key]?.patch ?? ''}${ARGUMENT_MATRIX[arg.key]?.patch ? ' and later refuse' : 'refuses'} the declaration (406).${note}`,
        brokerError,
        focus: arg.value.kind !== 'default' ? arg.value.origin : undefined,
        intents,
        advice,
        existingQueue: since
          ? `Earlier brokers accepted this declaration, so the queue may exist; ${arg.key} is not part of a ${type} queue's equivalence check, so the existing queue accepts the declaration without it.`
          : 'The declaration was refused, so no such queue exists: removing the argument affects no existing queue.',
      });
    }
    return out;
  },
};
