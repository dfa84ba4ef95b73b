// Rule auto-ack-consumer: consumers with automatic acknowledgement.
import { ALL_TARGETS, isReplyTo, type ConsumerRule, type Violation } from './types';
import { ackSource, consumerLabel, MEASURED_FLOOD } from './consumer-facts';
import { valueOf } from '../model';

export const autoAckConsumer: ConsumerRule = {
  meta: {
    id: 'auto-ack-consumer',
    title: 'A consumer with automatic acknowledgement: messages are lost on a crash, and nothing limits what the broker pushes',
    appliesTo: 'consumer',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    dependsOn: 'warning for an automatic-ack consumer, annotated (rewritten to manual ack with prefetch 10 only with --unsafe-fixes: the handler must then ack); info (reported only) where the ack mode is known only at run time',
    docs: 'auto-ack-consumer',
  },
  checkConsumer(c, ctx): Violation[] {
    const queue = valueOf(c.queue);
    if (isReplyTo(queue) || (queue && ctx.streamQueues.has(queue))) return [];
    if (c.ack.kind === 'unknown') {
      return [{ severity: 'info', message: `${consumerLabel(c)}: ${ackSource(c)}. If it is true, the consumer acknowledges automatically.`, advice: 'consume with noAck: false and acknowledge each message after its work' }];
    }
    if (c.ack.value !== 'auto') return [];
    // Prefetch counts unacknowledged messages; with automatic ack there are none, so no prefetch limits this consumer.
    const flood = ` Nothing limits what the broker pushes (a prefetch does not apply to automatic ack), so it pushes the whole backlog into the process at once (${MEASURED_FLOOD}).`;
    return [
      {
        severity: 'warning',
        message: `${consumerLabel(c)} acknowledges automatically (${ackSource(c)}): the broker forgets each message as it sends it, so a crash loses every message in flight.${flood}`,
        advice: "consume with noAck: false, call ack(msg) after the handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming",
        intents: [{ kind: 'manual-ack', prefetch: 10 }],
        unsafeIntents: true,
        valueAt: c.ack.kind === 'known' ? c.ack.origin : undefined,
      },
    ];
  },
};
