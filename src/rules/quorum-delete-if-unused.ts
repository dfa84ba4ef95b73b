// Rule quorum-delete-if-unused: deleting a quorum queue with ifUnused or ifEmpty.
import type { QueueDeletion } from '../model';
import { ALL_TARGETS, type QueueDeletionRule, type Violation } from './types';

const refusal = (flag: string) => `540 NOT_IMPLEMENTED - cannot delete queue 'Q' in vhost '/'. queue.delete operations with ${flag} flag set are not supported by quorum queues`;

/**
 * queue.delete with if-unused or if-empty on a quorum queue: 540, connection closed (catalogue B6;
 * checked on 4.3.6). Annotated: dropping the flag would delete a queue that still has consumers or
 * messages, which is what the flag was there to prevent.
 */
export const quorumDeleteIfUnused: QueueDeletionRule = {
  meta: {
    id: 'quorum-delete-if-unused',
    title: 'Deleting a quorum queue with if-unused or if-empty: refused with 540, connection closed',
    appliesTo: 'queue-deletion',
    severity: ALL_TARGETS('error'),
    fixable: 'annotate',
    docs: 'quorum-delete-if-unused',
    brokerError: refusal('if-unused'),
  },
  checkDeletion(d: QueueDeletion, ctx): Violation[] {
    if (d.queue.kind === 'unknown' || ctx.queueTypes.get(d.queue.value) !== 'quorum') return [];
    const flags = [
      { flag: 'if-unused', option: 'ifUnused', value: d.ifUnused, check: 'consumerCount is 0' },
      { flag: 'if-empty', option: 'ifEmpty', value: d.ifEmpty, check: 'messageCount is 0' },
    ].filter((f) => f.value.kind !== 'unknown' && f.value.value);
    if (!flags.length) return [];
    const first = flags[0];
    return [
      {
        severity: 'error',
        message: `${d.callee} deletes quorum queue '${d.queue.value}' with ${flags.map((f) => `${f.option} (${f.flag})`).join(' and ')}, which quorum queues do not implement: the broker refuses it with 540 and closes the connection.`,
        brokerError: refusal(first.flag).replace("'Q'", `'${d.queue.value}'`),
        focus: first.value.kind === 'known' ? first.value.origin : undefined,
        advice: `delete quorum queue '${d.queue.value}' without ${flags.map((f) => f.option).join(' and ')}: check first with a passive declare (checkQueue) that ${flags.map((f) => f.check).join(' and ')}; the check and the delete are not atomic, so a consumer or message that arrives in between goes with the queue`,
      },
    ];
  },
};
