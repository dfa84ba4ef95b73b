// Rule manual-ack-never-settled: a manual-ack consumer whose handler acks, nacks or rejects no message on any path.
import { valueOf, type QueueType } from '../model';
import { ALL_TARGETS, atLeast, isReplyTo, type ConsumerRule, type RuleContext, type Violation } from './types';
import { consumerLabel, prefetchOf } from './consumer-facts';
import { queueTypeOf } from './queue-facts';

/** The consumed queue's type, as the code proves it (the declaration whose result names it, else one of its name). */
function queueType(c: Parameters<ConsumerRule['checkConsumer']>[0], ctx: RuleContext): QueueType | undefined {
  if (c.queueDeclaration) {
    const name = valueOf(c.queueDeclaration.name);
    if (name === '' || valueOf(c.queueDeclaration.exclusive) === true) return 'classic';
    const declared = queueTypeOf(c.queueDeclaration);
    if (declared !== 'unknown') return declared;
  }
  const queue = valueOf(c.queue);
  return queue !== undefined ? ctx.queueTypes.get(queue) : undefined;
}

/** What the broker does with the deliveries nobody settles, by queue type (measured on 4.3.6, test/broker/never-settled.test.ts). */
function afterwards(type: QueueType | undefined, target: RuleContext['target']): string {
  if (!atLeast(target, '4.3')) {
    return 'Before 4.3 the broker closes the channel once a delivery is older than the consumer timeout (30 min by default: 406 PRECONDITION_FAILED - delivery acknowledgement on channel N timed out) and returns the deliveries to the queue; on 4.3 only quorum queues time out a consumer.';
  }
  const quorum = 'a quorum queue cancels the consumer once a delivery is older than the consumer timeout (30 min by default; x-consumer-timeout or the consumer-timeout policy) and returns its deliveries to the queue, redelivered';
  const never = 'a classic queue or a stream never times the consumer out: its deliveries stay unacknowledged until the channel closes';
  if (type === 'quorum') return `On 4.3 ${quorum}.`;
  if (type === 'classic' || type === 'stream') return `On 4.3 ${never}.`;
  return `On 4.3 ${quorum}, while ${never}.`;
}

export const manualAckNeverSettled: ConsumerRule = {
  meta: {
    id: 'manual-ack-never-settled',
    title: 'A manual-ack consumer whose handler acks, nacks or rejects no message on any path: it stalls once its prefetch is used up',
    appliesTo: 'consumer',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    dependsOn: 'warning only where the handler and every function it hands the message to (up to five calls deep: helpers in this file or other modules, methods of other objects, functions a helper calls through its parameters as the handler passes them) settle no message; nothing where the message (or its delivery tag) reaches code it does not read or is kept',
    docs: 'manual-ack-never-settled',
  },
  checkConsumer(c, ctx): Violation[] {
    const facts = c.handlerFacts;
    // A manual-ack consumer of direct reply-to never starts (direct-reply-to-manual-ack says why).
    if (!facts?.handlerSettles || valueOf(c.ack) !== 'manual' || c.untraced || isReplyTo(valueOf(c.queue))) return [];
    if (facts.acks.length || facts.rejections.length || facts.escapes) return [];
    const p = prefetchOf(c);
    const limit = p && p.kind !== 'unknown' && p.value > 0 ? p.value : undefined;
    const stall =
      limit !== undefined
        ? `once ${limit} messages (its prefetch) are unacknowledged the broker sends it no more: the consumer stalls (measured: with a prefetch of 10, 10 of 15 messages arrived)`
        : p?.kind === 'unknown'
          ? 'once its prefetch is used up the broker sends it no more: the consumer stalls'
          : 'with no prefetch the broker sends it the whole queue and every message stays unacknowledged, in the broker and in the process';
    const ackMode = c.ack.kind === 'default' ? `${c.client}'s noAck defaults to false` : 'noAck: false';
    return [
      {
        severity: 'warning',
        message: `${consumerLabel(c)} acknowledges manually (${ackMode}), but its handler acks, nacks or rejects no message on any path: ${stall}. ${afterwards(queueType(c, ctx), ctx.target)}`,
        advice: 'settle every message the handler receives: ack it when its work is done (and nack or reject it when it fails), or consume with noAck: true if losing messages on a crash is acceptable',
      },
    ];
  },
};
