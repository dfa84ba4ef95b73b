// Audit check: live consumers without flow control (automatic ack, or manual ack with prefetch 0).
import type { TargetVersion } from '../../model';
import { isReplyTo } from '../../rules/types';
import type { AuditFinding, BrokerConsumer, BrokerState } from '../model';
import { BROKER_UNSAFE_CONSUMER } from '../rules';
import { queueLabel } from './labels';

/** Live consumers without flow control: automatic ack, or manual ack with prefetch 0 (unlimited). Management API only. */
export function unsafeConsumers(state: BrokerState, target: TargetVersion): AuditFinding[] {
  const out: AuditFinding[] = [];
  for (const c of state.consumers ?? []) {
    if (isReplyTo(c.queue)) continue;
    const where = `${queueLabel({ vhost: c.vhost, name: c.queue })}, consumer tag '${c.tag}'${c.connection ? ` on connection ${c.connection}${c.channel !== undefined ? ` channel ${c.channel}` : ''}` : ''}`;
    let message: string | undefined;
    if (!c.ackRequired) {
      message = `A consumer of ${where} uses automatic acknowledgement: the broker pushes messages as fast as it can and forgets each one on delivery, so nothing limits the consumer's memory${c.prefetch ? ' (its prefetch of ' + c.prefetch + ' does nothing without manual ack)' : ''} and a crash loses every message in flight.`;
    } else if (c.prefetch === 0) {
      message = `A consumer of ${where} acknowledges manually but has no prefetch (prefetch_count 0 = unlimited): the broker pushes the whole backlog into the process.`;
    }
    if (!message) continue;
    out.push({
      ruleId: BROKER_UNSAFE_CONSUMER.id,
      severity: BROKER_UNSAFE_CONSUMER.severity[target],
      vhost: c.vhost,
      object: { kind: 'consumer', name: consumerName(c) },
      message,
      step: `In the code that consumes '${c.queue}': acknowledge manually after the work (amqplib noAck: false and ch.ack(msg)) and set a prefetch on the channel before consuming (ch.prefetch(N)). rabbitmq4-codemod scan finds such consumers as auto-ack-consumer and unbounded-prefetch.`,
      commands: [],
    });
  }
  return out;
}

const consumerName = (c: BrokerConsumer) => `${c.queue}/${c.tag}`;
