// Audit check: queues the code declares that the broker already holds with other flags, type or arguments.
import type { TargetVersion } from '../../model';
import { ARGUMENT_MATRIX } from '../../rules/queue-facts';
import type { CodeQueue } from '../code-queues';
import { deleteQueueCommand, policySetting, queuePolicyCommand } from '../commands';
import type { AuditFinding, BrokerQueue, BrokerState } from '../model';
import { BROKER_REDECLARE_MISMATCH } from '../rules';
import { json, queueLabel } from './labels';

interface Difference {
  /** What the broker names in its refusal: durable, auto_delete, x-queue-type, an argument key; or exclusive (405). */
  key: string;
  code: unknown;
  broker: unknown;
}

/**
 * Every queue the code declares that the broker already holds with other flags, type or arguments:
 * RabbitMQ compares each declaration with the existing queue first and refuses any difference
 * (406 inequivalent arg; 405 for an exclusive declaration of a shared queue).
 */
export function redeclareMismatches(state: BrokerState, code: CodeQueue[], target: TargetVersion): AuditFinding[] {
  const out: AuditFinding[] = [];
  for (const d of code) {
    for (const q of state.queues) {
      if (q.name !== d.name || q.exclusive) continue;
      const diffs = differences(d, q);
      if (!diffs.length) continue;
      out.push(finding(state, d, q, diffs, target));
    }
  }
  return out;
}

function differences(d: CodeQueue, q: BrokerQueue): Difference[] {
  const out: Difference[] = [];
  const typeKnown = d.type !== 'unknown';
  if (typeKnown && d.type !== q.type) out.push({ key: 'x-queue-type', code: d.type, broker: q.type });
  if (d.durable && d.durable.value !== q.durable) out.push({ key: 'durable', code: d.durable.value, broker: q.durable });
  if (d.autoDelete && d.autoDelete.value !== q.autoDelete) out.push({ key: 'auto_delete', code: d.autoDelete.value, broker: q.autoDelete });
  if (d.exclusive?.value === true) out.push({ key: 'exclusive', code: true, broker: false });
  // Arguments are compared only within the same type, and only the keys the queue's type knows.
  if (typeKnown && d.type === q.type && !d.argumentsIncomplete) {
    const keys = new Set([...d.arguments.keys(), ...Object.keys(q.arguments)]);
    for (const key of [...keys].sort()) {
      if (key === 'x-queue-type' || !ARGUMENT_MATRIX[key]?.types.includes(q.type as never)) continue;
      const mine = d.arguments.get(key);
      if (d.arguments.has(key) && mine === undefined) continue; // decided at run time
      const theirs = q.arguments[key];
      const codeValue = mine?.value;
      if (!same(codeValue, theirs)) out.push({ key, code: codeValue, broker: theirs });
    }
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

const show = (v: unknown) => (v === undefined ? 'none' : json(v));

function finding(state: BrokerState, d: CodeQueue, q: BrokerQueue, diffs: Difference[], target: TargetVersion): AuditFinding {
  const first = diffs.find((x) => x.key !== 'exclusive') ?? diffs[0];
  const brokerError =
    first.key === 'exclusive'
      ? `405 RESOURCE_LOCKED - cannot obtain exclusive access to locked queue '${q.name}' in vhost '${q.vhost}'`
      : `406 PRECONDITION_FAILED - inequivalent arg '${first.key}' for queue '${q.name}' in vhost '${q.vhost}'`;
  const what = diffs.map((x) => (x.key === 'exclusive' ? 'exclusive (the broker queue is shared)' : `${x.key}: ${show(x.code)} in the code, ${show(x.broker)} on the broker`)).join('; ');
  const steps: string[] = [];
  const commands: string[] = [];
  const typeChange = diffs.find((x) => x.key === 'x-queue-type');
  if (typeChange) {
    steps.push(
      `A queue's type never changes: declare the ${String(typeChange.code)} queue under a new name (for example '${q.name}.v2', with the same bindings), let consumers drain '${q.name}', then delete it; or drain '${q.name}', delete it and deploy the new declaration in one go.`,
    );
  } else {
    const args = diffs.filter((x) => x.key.startsWith('x-'));
    const toPolicy = Object.fromEntries(
      args
        .map((x) => policySetting(x.key, x.code !== undefined ? x.code : x.broker))
        .filter((s): s is NonNullable<typeof s> => !!s)
        .map((s) => [s.key, s.value]),
    );
    if (Object.keys(toPolicy).length) {
      steps.push(`Move ${Object.keys(toPolicy).join(', ')} to a policy (not part of the equivalence check) and declare the queue without ${args.length === 1 ? 'that argument' : 'those arguments'}, then recreate the queue once so that it loses the old argument${args.length === 1 ? '' : 's'}.`);
      commands.push(queuePolicyCommand(state, q, toPolicy));
    }
    const transient = diffs.find((x) => x.key === 'durable' && x.code === true && x.broker === false);
    if (transient) steps.push(`The broker's queue is transient: the restart of the broker upgrade deletes it, so the durable declaration works if it is deployed after the upgrade.`);
    steps.push(`Otherwise recreate the queue (drain it, delete it, deploy the new declaration) or move the code to a new queue name.`);
  }
  commands.push(deleteQueueCommand(q));
  return {
    ruleId: BROKER_REDECLARE_MISMATCH.id,
    severity: BROKER_REDECLARE_MISMATCH.severity[target],
    vhost: q.vhost,
    object: { kind: 'queue', name: q.name },
    message: `${queueLabel(q)} exists with other settings than ${d.where.file}:${d.where.line} declares (${d.callee}): ${what}. The declaration will be refused with ${brokerError.split(' - ')[0]} and its channel closed.`,
    brokerError,
    step: steps.join(' '),
    commands,
    code: d.where,
    ...(q.at ? { at: q.at } : {}),
  };
}
