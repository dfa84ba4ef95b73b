// Rule ineffective-prefetch: a prefetch on a channel whose consumer auto-acks.
import { ALL_TARGETS, isReplyTo, type ConsumerRule, type Violation } from './types';
import { consumerLabel, hasLimit, prefetchOf } from './consumer-facts';
import { valueOf } from '../model';

export const ineffectivePrefetch: ConsumerRule = {
  meta: {
    id: 'ineffective-prefetch',
    title: 'A prefetch on a consumer that acknowledges automatically: it limits nothing',
    appliesTo: 'consumer',
    severity: ALL_TARGETS('info'),
    fixable: 'none',
    dependsOn: 'info where a prefetch above 0 is set on the consumer\'s own channel (by its identity: a helper that opens a channel per call gives each call its own) before an automatic-ack consumer starts',
    docs: 'ineffective-prefetch',
  },
  checkConsumer(c, ctx): Violation[] {
    const queue = valueOf(c.queue);
    if (isReplyTo(queue) || (queue && ctx.streamQueues.has(queue))) return [];
    if (valueOf(c.ack) !== 'auto' || hasLimit(c) !== true) return [];
    return [
      {
        severity: 'info',
        message: `${consumerLabel(c)} sets prefetch ${valueOf(prefetchOf(c))}, but it acknowledges automatically: prefetch counts unacknowledged messages and automatic ack leaves none, so the prefetch does nothing.`,
        advice: 'switch the consumer to manual ack (noAck: false) so that the prefetch limits it',
      },
    ];
  },
};
