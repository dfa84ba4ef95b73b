// Audit check: policies with classic mirroring keys, removed in 4.0 and refused when set again.
import type { TargetVersion } from '../../model';
import { applyingPolicy, clearPolicyCommand, isMirroringKey, setPolicyCommand } from '../commands';
import type { AuditFinding, BrokerState } from '../model';
import { BROKER_MIRRORING_POLICY } from '../rules';
import { json } from './labels';

/** Policies with classic mirroring keys: removed in 4.0 (no effect after the upgrade) and rejected when set again. */
export function mirroringPolicies(state: BrokerState, target: TargetVersion): AuditFinding[] {
  const out: AuditFinding[] = [];
  for (const p of state.policies) {
    const ha = Object.keys(p.definition).filter(isMirroringKey);
    if (!ha.length) continue;
    const rest = Object.fromEntries(Object.entries(p.definition).filter(([k]) => !isMirroringKey(k)));
    // Only the matching policy with the highest priority applies to a queue.
    const mirrored = state.queues.filter((q) => q.type === 'classic' && applyingPolicy(state, q) === p).map((q) => q.name);
    const keys = ha.map((k) => `${k}: ${json(p.definition[k])}`).join(', ');
    const queues = mirrored.length
      ? ` It mirrors ${mirrored.length} classic queue${mirrored.length === 1 ? '' : 's'} today (${mirrored.slice(0, 5).map((n) => `'${n}'`).join(', ')}${mirrored.length > 5 ? ', …' : ''}), which will each have a single replica.`
      : '';
    out.push({
      ruleId: BROKER_MIRRORING_POLICY.id,
      severity: BROKER_MIRRORING_POLICY.severity[target],
      vhost: p.vhost,
      object: { kind: 'policy', name: p.name },
      message:
        `policy '${p.name}' (vhost '${p.vhost}', pattern '${p.pattern}') sets classic queue mirroring (${keys}). Mirroring was removed in 4.0: after the upgrade these keys do nothing, ` +
        `and 4.x rejects a policy that has them (400 ... are not recognised policy settings), also when definitions are imported into a new cluster.${queues}`,
      brokerError: BROKER_MIRRORING_POLICY.brokerError,
      step: Object.keys(rest).length
        ? `Remove the ha-* keys from the policy and keep the rest. Data that needs replication belongs in quorum queues: a queue's type cannot change, so declare quorum queues under new names (or drain, delete and recreate them) and move publishers and consumers over.`
        : `Remove the policy: it only sets mirroring. Data that needs replication belongs in quorum queues: a queue's type cannot change, so declare quorum queues under new names (or drain, delete and recreate them) and move publishers and consumers over.`,
      commands: [Object.keys(rest).length ? setPolicyCommand({ ...p, definition: rest }) : clearPolicyCommand(p)],
      ...(p.at ? { at: p.at } : {}),
    });
  }
  return out;
}
