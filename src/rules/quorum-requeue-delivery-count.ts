// Rule quorum-requeue-delivery-count: quorum consumers that nack-requeue or read x-delivery-count.
import { valueOf } from '../model';
import { atLeast, type ConsumerRule, type Violation } from './types';
import { consumerLabel } from './consumer-facts';
import { focusInCall, listUses } from './consumer-handler-facts';

export const quorumRequeueDeliveryCount: ConsumerRule = {
  meta: {
    id: 'quorum-requeue-delivery-count',
    title: "A quorum-queue consumer that returns messages with nack(requeue) or reads x-delivery-count: from 4.3 nack returns no longer count toward the delivery limit",
    appliesTo: 'consumer',
    severity: { '4.0': 'info', '4.1': 'info', '4.2': 'info', '4.3': 'warning' },
    fixable: 'annotate',
    dependsOn: 'warning on 4.3 for a handler that returns messages with nack and requeue; info (reported only) for one that only reads x-delivery-count, and before 4.3',
    docs: 'quorum-requeue-delivery-count',
  },
  checkConsumer(c, ctx): Violation[] {
    const facts = c.handlerFacts;
    const queue = valueOf(c.queue);
    if (!facts || queue === undefined || ctx.queueTypes.get(queue) !== 'quorum') return [];
    const nacks = facts.rejections.filter((r) => r.method === 'nack' && valueOf(r.requeue) === true);
    // With only reject(msg, true) returns, x-delivery-count counts the same on every version.
    const reads = nacks.length || !facts.rejections.length ? facts.deliveryCountReads : [];
    if (!nacks.length && !reads.length) return [];
    const on43 = atLeast(ctx.target, '4.3');
    const parts: string[] = [];
    if (nacks.length) {
      parts.push(`the handler returns messages to the queue with a nack: ${listUses(nacks)} (requeue ${nacks[0].requeue.kind === 'default' ? 'defaults to true' : 'true'}); from 4.3 a nack return no longer counts as a failed delivery, so a message that always fails is redelivered forever instead of being dead-lettered or dropped at the queue's delivery limit (a reject with requeue still counts)`);
    }
    if (reads.length) {
      parts.push(`the handler ${listUses(reads)}: from 4.3 x-delivery-count counts only failed deliveries (such as reject with requeue), not nack returns; the new x-acquired-count header counts every delivery`);
    }
    return [
      {
        severity: on43 && nacks.length > 0 ? 'warning' : 'info',
        focus: focusInCall(c, nacks[0] ?? reads[0]),
        message: `${consumerLabel(c)} (a quorum queue): ${parts.join('; and ')}.${on43 ? '' : ' This changes when the broker is upgraded to 4.3.'}`,
        advice: 'use reject(msg, true) for a failure that should count toward the delivery limit and keep nack(msg, false, true) for "not now" returns; count retries with x-acquired-count on 4.3 (or a header of your own); consider the 4.3 delayed-retry queue arguments instead of an immediate requeue',
      },
    ];
  },
};
