// Audit check: transient non-exclusive queues the broker holds (deleted by the upgrade's restart, refused by 4.3).
import type { TargetVersion } from '../../model';
import { deleteQueueCommand } from '../commands';
import type { AuditFinding, BrokerState } from '../model';
import { BROKER_TRANSIENT_QUEUE } from '../rules';
import { is43, queueLabel } from './labels';

/** Transient non-exclusive queues: a restart deletes them (the upgrade restarts every node) and 4.3 refuses new ones. */
export function transientQueues(state: BrokerState, target: TargetVersion): AuditFinding[] {
  return state.queues
    .filter((q) => !q.durable && !q.exclusive)
    .map((q) => ({
      ruleId: BROKER_TRANSIENT_QUEUE.id,
      severity: BROKER_TRANSIENT_QUEUE.severity[target],
      vhost: q.vhost,
      object: { kind: 'queue' as const, name: q.name },
      message:
        `${queueLabel(q)} is transient (durable: false) and not exclusive: the restart of the upgrade deletes it with its messages, ` +
        (is43(target)
          ? 'and RabbitMQ 4.3 refuses to declare it again (541, the connection is closed).'
          : 'and from 4.3 RabbitMQ refuses to declare it again (541, the connection is closed).'),
      brokerError: BROKER_TRANSIENT_QUEUE.brokerError,
      step:
        'Change the code that declares it before the upgrade: durable: true (with an x-expires TTL if it should go away when idle), or exclusive: true for a per-connection queue (scan reports it as transient-nonexclusive-queue). ' +
        'Drain it before the upgrade. A durable declaration of the same name fails with 406 inequivalent arg \'durable\' while this queue exists: deploy it after the upgrade (the restart deletes the queue), or delete the queue once it is empty.',
      commands: [deleteQueueCommand(q)],
      ...(q.at ? { at: q.at } : {}),
    }));
}
