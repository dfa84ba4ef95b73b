// Audit check: queue arguments the target refuses for the queue's type, and deprecated classic-queue arguments.
import type { QueueType, TargetVersion } from '../../model';
import { argumentVerdict } from '../../rules/queue-facts';
import { policySetting, queuePolicyCommand } from '../commands';
import type { AuditFinding, BrokerQueue, BrokerState } from '../model';
import { BROKER_QUEUE_ARGUMENT } from '../rules';
import { is43, json, queueLabel } from './labels';

const KEEP =
  'The queue keeps working while the code declares it exactly as it is (redeclaration only compares arguments), but code that drops or changes the argument gets 406 PRECONDITION_FAILED - inequivalent arg';

/**
 * Queue arguments the target refuses for the queue's type (ARGUMENT_MATRIX), and the classic-queue
 * arguments 4.x deprecates (the ones deprecated-queue-argument reports in code).
 */
export function queueArguments(state: BrokerState, target: TargetVersion): AuditFinding[] {
  const out: AuditFinding[] = [];
  for (const q of state.queues) {
    for (const [key, value] of Object.entries(q.arguments)) {
      const problem = judge(q, key, value, target);
      if (!problem) continue;
      const policy = policySetting(key, value);
      const recreate = `When the code changes, recreate the queue (drain it, delete it, let the new code declare it) or move to a new queue name, in the same deploy.`;
      out.push({
        ruleId: BROKER_QUEUE_ARGUMENT.id,
        severity: problem.severity,
        vhost: q.vhost,
        object: { kind: 'queue', name: q.name },
        message: `${queueLabel(q)} holds ${key}: ${json(value)}. ${problem.why} ${KEEP} '${key}'.`,
        ...(problem.brokerError ? { brokerError: problem.brokerError } : {}),
        step: policy
          ? `${recreate} Keep the setting as a policy, which is not part of the equivalence check: ${policy.key}: ${json(policy.value)}.`
          : `${recreate} ${key} has no policy equivalent: leave it out of the new declaration.`,
        commands: policy ? [queuePolicyCommand(state, q, { [policy.key]: policy.value })] : [],
        ...(q.at ? { at: q.at } : {}),
      });
    }
  }
  return out;
}

interface Problem {
  severity: AuditFinding['severity'];
  why: string;
  brokerError?: string;
}

function judge(q: BrokerQueue, key: string, value: unknown, target: TargetVersion): Problem | undefined {
  const type = q.type as QueueType;
  const strict = is43(target);
  if (type === 'classic') {
    if (key === 'x-queue-master-locator') {
      return {
        severity: strict ? 'error' : 'warning',
        why: `It is deprecated since 4.0, and RabbitMQ 4.3 refuses to create a queue with it (541, deprecated feature queue_master_locator): a fresh broker refuses today's declaration.`,
        brokerError: '541 INTERNAL_ERROR - Feature `queue_master_locator` is deprecated.',
      };
    }
    if (key === 'x-queue-version') {
      if (value === 2 || value === '2') return undefined;
      return {
        severity: strict ? 'error' : 'warning',
        why: `Classic queues v1 are gone since 4.0 (the value is ignored), and RabbitMQ 4.3 refuses to create a queue with any version but 2 (406).`,
        brokerError: `406 PRECONDITION_FAILED - invalid arg 'x-queue-version' for queue '${q.name}' in vhost '${q.vhost}': "unsupported queue version '${String(value)}'"`,
      };
    }
    if (key === 'x-queue-mode') {
      return { severity: 'warning', why: 'Classic queues ignore it since 3.12; the 4.3 release notes announce that it is refused (RabbitMQ 4.3.6 still accepts it).' };
    }
  }
  if (type !== 'classic' && type !== 'quorum' && type !== 'stream') return undefined;
  const verdict = argumentVerdict(key, type, target);
  if (verdict === 'refused') {
    return {
      severity: strict ? 'error' : 'warning',
      why: `RabbitMQ ${target} refuses it on a ${type} queue: a fresh broker refuses today's declaration.`,
      brokerError: `406 PRECONDITION_FAILED - invalid arg '${key}' for queue '${q.name}' in vhost '${q.vhost}' of queue type rabbit_${type}_queue`,
    };
  }
  if (verdict === 'refused-from-4.3') {
    return { severity: 'warning', why: `RabbitMQ 4.3 refuses it on a ${type} queue (earlier versions ignore it): a fresh 4.3 broker refuses today's declaration.` };
  }
  return undefined;
}
