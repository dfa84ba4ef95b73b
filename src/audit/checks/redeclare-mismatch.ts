// Audit check: queues the code declares that the broker already holds with other flags, type or arguments.
import { QUEUE_TYPES, type DefaultQueueTypes, type QueueType, type TargetVersion } from '../../model';
import { differences, firstRefusal, refusalText, type Difference, type QueueShape } from '../../rules/equivalence';
import { codeShape, typedByDefault, type CodeQueue } from '../code-queues';
import { deleteQueueCommand, policySetting, queuePolicyCommand } from '../commands';
import type { AuditFinding, BrokerQueue, BrokerState } from '../model';
import { BROKER_REDECLARE_MISMATCH } from '../rules';
import { json, queueLabel } from './labels';

/** A queue the broker holds, as it compares a redeclaration with it. */
function brokerShape(q: BrokerQueue & { type: QueueType }): QueueShape {
  return {
    durable: { value: q.durable },
    exclusive: { value: q.exclusive },
    autoDelete: { value: q.autoDelete },
    type: { value: q.type },
    arguments: Object.entries(q.arguments)
      .filter(([k]) => k !== 'x-queue-type')
      .map(([k, v]) => [k, { value: v }]),
  };
}

const isQueueType = (t: string): t is QueueType => (QUEUE_TYPES as readonly string[]).includes(t);

/**
 * Every queue the code declares that the broker already holds with other flags, type or arguments:
 * RabbitMQ compares each declaration with the existing queue first and refuses any difference (406
 * inequivalent arg; 405 for an exclusive declaration of a shared queue). The comparison is the broker's
 * (rules/equivalence.ts), the code's type given by the vhost's default queue type (`defaults`).
 */
export function redeclareMismatches(state: BrokerState, code: CodeQueue[], target: TargetVersion, defaults: DefaultQueueTypes): AuditFinding[] {
  const out: AuditFinding[] = [];
  for (const d of code) {
    for (const q of state.queues) {
      if (q.name !== d.name || q.exclusive || (d.vhost !== undefined && d.vhost !== q.vhost)) continue;
      const type = q.type;
      if (!isQueueType(type)) continue;
      const diffs = differences(brokerShape({ ...q, type }), codeShape(d, q.vhost, defaults));
      const refusal = firstRefusal(diffs);
      if (!refusal) continue;
      out.push(finding(state, d, q, diffs.filter((x) => !x.uncertain), refusal, typedByDefault(d, q.vhost, defaults), target));
    }
  }
  return out;
}

const value = (s: Difference['received']) => (s && 'value' in s ? s.value : undefined);
const show = (s: Difference['received']) => (s && 'value' in s ? json(s.value) : 'none');

function finding(state: BrokerState, d: CodeQueue, q: BrokerQueue, diffs: Difference[], refusal: Difference, byDefault: boolean, target: TargetVersion): AuditFinding {
  const brokerError = refusalText(refusal, q.name, q.vhost);
  const what = diffs.map((x) => (x.key === 'exclusive' ? 'exclusive (the broker queue is shared)' : `${x.key}: ${show(x.received)} in the code, ${show(x.current)} on the broker`)).join('; ');
  const steps: string[] = [];
  const commands: string[] = [];
  const typeChange = diffs.find((x) => x.key === 'x-queue-type');
  const note = byDefault && typeChange ? ` (the code names no x-queue-type: the default queue type makes it ${String(value(typeChange.received))})` : '';
  if (typeChange) {
    steps.push(
      `A queue's type never changes: declare the ${String(value(typeChange.received))} queue under a new name (for example '${q.name}.v2', with the same bindings), let consumers drain '${q.name}', then delete it; or drain '${q.name}', delete it and deploy the new declaration in one go.`,
    );
    if (byDefault) steps.push(`To keep it ${String(value(typeChange.current))} for now, declare it with x-queue-type: '${String(value(typeChange.current))}'.`);
  } else {
    const args = diffs.filter((x) => x.key.startsWith('x-'));
    const toPolicy = Object.fromEntries(
      args
        .map((x) => policySetting(x.key, value(x.received) !== undefined ? value(x.received) : value(x.current)))
        .filter((s): s is NonNullable<typeof s> => !!s)
        .map((s) => [s.key, s.value]),
    );
    if (Object.keys(toPolicy).length) {
      steps.push(`Move ${Object.keys(toPolicy).join(', ')} to a policy (not part of the equivalence check) and declare the queue without ${args.length === 1 ? 'that argument' : 'those arguments'}, then recreate the queue once so that it loses the old argument${args.length === 1 ? '' : 's'}.`);
      commands.push(queuePolicyCommand(state, q, toPolicy));
    }
    const transient = diffs.find((x) => x.key === 'durable' && value(x.received) === true && value(x.current) === false);
    if (transient) steps.push(`The broker's queue is transient: the restart of the broker upgrade deletes it, so the durable declaration works if it is deployed after the upgrade.`);
    steps.push(`Otherwise recreate the queue (drain it, delete it, deploy the new declaration) or move the code to a new queue name.`);
  }
  commands.push(deleteQueueCommand(q));
  return {
    ruleId: BROKER_REDECLARE_MISMATCH.id,
    severity: BROKER_REDECLARE_MISMATCH.severity[target],
    vhost: q.vhost,
    object: { kind: 'queue', name: q.name },
    message: `${queueLabel(q)} exists with other settings than ${d.where.file}:${d.where.line} declares (${d.callee}): ${what}${note}. The declaration will be refused with ${brokerError.split(' - ')[0]} and its channel closed.`,
    brokerError,
    step: steps.join(' '),
    commands,
    code: d.where,
    ...(q.at ? { at: q.at } : {}),
  };
}
