// Rule queue-argument-not-supported: an x-argument the queue type refuses.
import { valueOf, type FixIntent, type QueueArgument, type QueueDeclaration, type QueueType } from '../model';
import { ALL_TARGETS, type DeclarationRule, type Violation } from './types';
import { ARGUMENT_MATRIX, argumentVerdict, brokerTypeName, queueLabel, queueNameForError, typeNote, typeOrigin, vhostOf } from './queue-facts';
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
    const origin = typeOrigin(decl, ctx);
    const type = origin.type;
    if (type === 'unknown' || decl.passive) return [];
    const out: Violation[] = [];
    for (const arg of decl.arguments) {
      const verdict = argumentVerdict(arg.key, type, ctx.target);
      if (verdict !== 'refused' && verdict !== 'refused-from-4.3') continue;
      const spelled = arg.via === 'option' ? `${arg.spelledAs} (${arg.key})` : arg.key;
      const brokerError = `406 PRECONDITION_FAILED - invalid arg '${arg.key}' for queue '${queueNameForError(decl)}' in vhost '${vhostOf(decl)}' of queue type ${brokerTypeName(type)}`;
      if (origin.from === 'default' && verdict === 'refused') {
        out.push(byDefaultType(decl, arg, spelled, type, brokerError, typeNote(decl, ctx)));
        continue;
      }
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
        ...(since ? {} : { neverAccepted: true as const }),
      });
    }
    return out;
  },
};

/** What a default queue type gives up by removing the argument: nothing (no effect on 4.x), or a built-in equivalent. */
const WITHOUT_LOSS: Record<string, string> = {
  'x-max-priority': 'quorum queues have built-in message priorities (2 levels in 4.0-4.2, 32 strict levels in 4.3); publishers keep setting the priority property',
  'x-queue-mode': 'every 4.x queue pages messages to disk anyway',
  'x-queue-version': 'it only chooses a classic queue storage version',
  'x-queue-master-locator': 'x-queue-leader-locator places the leader of every queue type',
};

/**
 * An argument the type the default queue type gives refuses. The declaration works today (the queue exists
 * as classic): the rewrite removes (or renames) only an argument whose effect the new type keeps or never
 * had; anything else is a choice between the two types, for a human.
 */
function byDefaultType(decl: QueueDeclaration, arg: QueueArgument, spelled: string, type: QueueType, brokerError: string, note: string): Violation {
  const lossless = type === 'quorum' ? WITHOUT_LOSS[arg.key] : undefined;
  const keep = `x-queue-type: 'classic' keeps it a classic queue as it is today`;
  const message = `${queueLabel(decl)}${note} sets ${spelled}, which a ${type} queue does not accept: under that default RabbitMQ refuses the declaration (406).`;
  const existingQueue = `The queue exists today as a classic queue, and a queue's type never changes: once the default queue type is ${type}, any declaration of it without x-queue-type is refused (406 PRECONDITION_FAILED - inequivalent arg 'x-queue-type' ... received '${type}' but current is 'classic'), with or without this change. Recreate it as a ${type} queue (drain it, delete it, deploy the new declaration; MIGRATION.md, "Moving to quorum queues"), or keep it classic with x-queue-type: 'classic'.`;
  const focus = arg.value.kind !== 'default' ? arg.value.origin : undefined;
  if (!lossless) {
    return {
      severity: 'error',
      message,
      brokerError,
      focus,
      advice: `decide the queue's type: ${keep}, or remove ${spelled} (a ${type} queue does not accept it) to let it become a ${type} queue`,
    };
  }
  const intents: FixIntent[] = arg.key === 'x-queue-master-locator' ? [{ kind: 'replace-argument', key: arg.key, newKey: 'x-queue-leader-locator', newValue: leaderLocatorFor(valueOf(arg.value)) }] : [{ kind: 'remove-argument', key: arg.key }];
  return {
    severity: 'error',
    message: `${message} Removing it loses nothing: ${lossless}.`,
    brokerError,
    focus,
    intents,
    advice: `remove ${spelled} (${lossless}), or ${keep}`,
    existingQueue,
    risky: true,
  };
}
