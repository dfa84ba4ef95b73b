// The shell commands an audit finding suggests (rabbitmqctl policies, queue deletion), quoted for a POSIX shell.
import { leaderLocatorFor } from '../rules/deprecated-queue-argument';
import type { BrokerPolicy, BrokerQueue, BrokerState } from './model';

/** A word for a POSIX shell: as is when it is safe, else in single quotes. */
export function sh(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function deleteQueueCommand(q: { vhost: string; name: string }): string {
  return `rabbitmqctl delete_queue -p ${sh(q.vhost)} ${sh(q.name)}`;
}

/**
 * The policy key that carries the same setting as a queue argument (policies are not part of the
 * redeclaration equivalence check and can change on a live queue), with the value it takes.
 */
export function policySetting(key: string, value: unknown): { key: string; value: unknown } | undefined {
  if (key === 'x-queue-master-locator') return { key: 'queue-leader-locator', value: leaderLocatorFor(value) };
  return key in POLICY_KEYS ? { key: POLICY_KEYS[key], value } : undefined;
}

const POLICY_KEYS: Record<string, string> = {
  'x-message-ttl': 'message-ttl',
  'x-expires': 'expires',
  'x-max-length': 'max-length',
  'x-max-length-bytes': 'max-length-bytes',
  'x-overflow': 'overflow',
  'x-dead-letter-exchange': 'dead-letter-exchange',
  'x-dead-letter-routing-key': 'dead-letter-routing-key',
  'x-dead-letter-strategy': 'dead-letter-strategy',
  'x-delivery-limit': 'delivery-limit',
  'x-queue-leader-locator': 'queue-leader-locator',
  'x-max-age': 'max-age',
  'x-stream-max-segment-size-bytes': 'stream-max-segment-size-bytes',
  'x-consumer-timeout': 'consumer-timeout',
  'x-delayed-retry-type': 'delayed-retry-type',
  'x-delayed-retry-min': 'delayed-retry-min',
  'x-delayed-retry-max': 'delayed-retry-max',
};

/** Classic queue mirroring's policy keys (removed in 4.0). */
export const isMirroringKey = (key: string) => key.startsWith('ha-');

/** `apply-to` values that reach a queue of this type. */
function appliesTo(policy: BrokerPolicy, q: BrokerQueue): boolean {
  const a = policy.applyTo;
  return a === 'all' || a === 'queues' || (a === 'classic_queues' && q.type === 'classic') || (a === 'quorum_queues' && q.type === 'quorum') || (a === 'streams' && q.type === 'stream');
}

/** Whether a policy's pattern matches a queue name (Erlang's re and JavaScript agree on ordinary patterns). */
export function matches(policy: BrokerPolicy, q: BrokerQueue): boolean {
  if (policy.vhost !== q.vhost || !appliesTo(policy, q)) return false;
  try {
    return new RegExp(policy.pattern).test(q.name);
  } catch {
    return false;
  }
}

/** The policy that applies to a queue now: the matching one with the highest priority. */
export function applyingPolicy(state: BrokerState, q: BrokerQueue): BrokerPolicy | undefined {
  return state.policies.filter((p) => matches(p, q)).sort((a, b) => b.priority - a.priority)[0];
}

/**
 * `rabbitmqctl set_policy` for one queue with the given keys. Only one policy applies to a queue, so
 * the line keeps the keys of the policy that applies now (less any mirroring keys, which 4.x
 * rejects) and outranks it.
 */
export function queuePolicyCommand(state: BrokerState, q: BrokerQueue, settings: Record<string, unknown>): string {
  const current = applyingPolicy(state, q);
  const definition: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(current?.definition ?? {})) if (!isMirroringKey(k)) definition[k] = v;
  Object.assign(definition, settings);
  const pattern = `^${q.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  return setPolicyCommand({ vhost: q.vhost, name: `${q.name}.settings`, pattern, applyTo: 'queues', priority: (current?.priority ?? -1) + 1, definition });
}

export function setPolicyCommand(p: { vhost: string; name: string; pattern: string; applyTo: string; priority: number; definition: Record<string, unknown> }): string {
  return `rabbitmqctl set_policy -p ${sh(p.vhost)} --apply-to ${sh(p.applyTo)} --priority ${p.priority} ${sh(p.name)} ${sh(p.pattern)} ${sh(JSON.stringify(p.definition))}`;
}

export function clearPolicyCommand(p: { vhost: string; name: string }): string {
  return `rabbitmqctl clear_policy -p ${sh(p.vhost)} ${sh(p.name)}`;
}
