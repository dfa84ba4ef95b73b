// Rule unbounded-prefetch: a manual-ack consumer on a channel with no prefetch.
import { ALL_TARGETS, isReplyTo, type ConsumerRule, type Violation } from './types';
import { consumerLabel, hasLimit, MEASURED_FLOOD, prefetchOf } from './consumer-facts';
import { valueOf } from '../model';

export const unboundedPrefetch: ConsumerRule = {
  meta: {
    id: 'unbounded-prefetch',
    title: 'A manual-ack consumer on a channel with no prefetch: the broker pushes every queued message at once',
    appliesTo: 'consumer',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    dependsOn: 'warning, annotated, where no prefetch is set on the consumer\'s own channel before it starts (linked by the channel\'s identity: per call of a helper that opens one per call, shared by the setups of one amqp-connection-manager wrapper, by methods of one object holding it, through Maps and caches the code fills); info (reported only) where the prefetch is known only at run time; nothing where the channel cannot be traced in a project that sets a prefetch on some channel (the consumers row is unknown and names that prefetch)',
    docs: 'unbounded-prefetch',
  },
  checkConsumer(c, ctx): Violation[] {
    const queue = valueOf(c.queue);
    if (isReplyTo(queue) || (queue && ctx.streamQueues.has(queue))) return [];
    if (valueOf(c.ack) !== 'manual') return [];
    // A channel it cannot follow in a project that sets a prefetch (a wrapper it cannot read): nothing it saw says
    // unbounded. The consumers table keeps the row unknown and names that prefetch.
    if (c.prefetchElsewhere) return [];
    const limit = hasLimit(c);
    if (limit === true) return [];
    const p = prefetchOf(c);
    if (limit === 'unknown') {
      return [{ severity: 'info', message: `${consumerLabel(c)}: the prefetch is unknown (${p?.kind === 'unknown' ? p.reason : ''}); 0 would mean unlimited.`, advice: 'make sure the prefetch is above 0' }];
    }
    const why = p
      ? 'prefetch 0 means unlimited'
      : c.qosAfter
        ? `its channel's prefetch is set only after the consume call, which does not apply to a consumer that already started`
        : c.prefetchOffered
          ? `no prefetch is set on its channel before it starts consuming (the object's ${c.prefetchOffered} sets one on the channel it holds, and this code does not call it first)`
          : 'no prefetch is set on its channel before it starts consuming';
    return [
      {
        severity: 'warning',
        message: `${consumerLabel(c)} acknowledges manually but ${why}: the broker pushes every queued message to it at once, and they all wait in the process's memory (${MEASURED_FLOOD}).${c.ackFromHandler ? ` ${c.ackFromHandler}` : ''}`,
        advice: `${c.prefetchOffered && !p && !c.qosAfter ? `call ${c.prefetchOffered.replace(/\(\)$/, '(N)')} on that object before this call` : 'call prefetch(N) on the channel before consume'}, with N the number of messages the handler may work on at once (10 to 100 is typical)`,
        valueAt: p?.kind === 'known' ? p.origin : undefined,
        ...(p || c.qosAfter ? {} : { aboutChannel: true as const }),
      },
    ];
  },
};
