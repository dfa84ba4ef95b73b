// Rule global-qos: a prefetch with global = true.
import { atLeast, type QosRule, type Violation } from './types';
import { valueOf } from '../model';

export const globalQos: QosRule = {
  meta: {
    id: 'global-qos',
    title: 'A channel-wide (global) prefetch: 4.3 applies it per consumer; before 4.3 quorum and stream consumers are refused',
    appliesTo: 'qos',
    severity: { '4.0': 'warning', '4.1': 'warning', '4.2': 'warning', '4.3': 'warning' },
    fixable: 'rewrite',
    dependsOn: 'warning, rewritten to a per-consumer prefetch; error before 4.3 on a channel that consumes a quorum or stream queue (the broker refuses the consume)',
    docs: 'global-qos',
    brokerError: "540 NOT_IMPLEMENTED - queue 'Q' in vhost '/' does not support global qos",
  },
  checkQos(qos, ctx): Violation[] {
    if (qos.global.kind === 'unknown' || !qos.global.value) return [];
    const count = valueOf(qos.count);
    const replicated = ctx
      .consumersOn(qos)
      .map((c) => valueOf(c.queue))
      .filter((q): q is string => !!q && ['quorum', 'stream'].includes(ctx.queueTypes.get(q) ?? ''));
    const is43 = atLeast(ctx.target, '4.3');
    const common = {
      intents: [{ kind: 'drop-global-qos' as const }],
      advice: 'set the prefetch per consumer (drop the global flag)',
      existingQueue: 'Nothing on the broker changes: the prefetch is set each time the channel opens. With K consumers on the channel, each may now hold the prefetch count of unacknowledged messages (K times as many in all), which is what 4.3 does with global=true anyway.',
    };
    if (is43) {
      return [
        {
          ...common,
          severity: 'warning',
          message: `prefetch(${count ?? '?'}, global=true): RabbitMQ 4.3 no longer supports global QoS and silently applies it per consumer, so each consumer on this channel may hold ${count ?? 'that many'} unacknowledged messages.`,
        },
      ];
    }
    if (replicated.length) {
      // The broker refuses the first of these consumes. A stream checks for a consumer prefetch
      // before the global limit: with only a global prefetch on the channel it answers 406 (channel).
      const first = replicated[0];
      const stream = ctx.queueTypes.get(first) === 'stream';
      return [
        {
          ...common,
          severity: 'error',
          message: stream
            ? `prefetch(${count ?? '?'}, global=true) on a channel that consumes ${replicated.map((q) => `'${q}'`).join(', ')} (quorum/stream): a global prefetch is not a consumer prefetch, so RabbitMQ refuses the stream consume (406, closing the channel); with a per-consumer prefetch also set it would refuse it with 540, closing the connection.`
            : `prefetch(${count ?? '?'}, global=true) on a channel that consumes ${replicated.map((q) => `'${q}'`).join(', ')} (quorum/stream): RabbitMQ refuses the consume and closes the connection (540).`,
          brokerError: stream
            ? `406 PRECONDITION_FAILED - consumer prefetch count is not set for stream queue '${first}' in vhost '/'`
            : `540 NOT_IMPLEMENTED - queue '${first}' in vhost '/' does not support global qos`,
        },
      ];
    }
    return [
      {
        ...common,
        severity: 'warning',
        message: `prefetch(${count ?? '?'}, global=true): global QoS is deprecated; quorum and stream consumers on this channel would be refused (540), and from 4.3 it is applied per consumer.`,
      },
    ];
  },
};
