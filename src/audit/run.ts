// Runs every audit check over a broker's state, scoped to a vhost if asked, with the config's severities.
import type { DefaultQueueTypes, Severity, TargetVersion } from '../model';
import { applySeverities } from '../config/severities';
import { auditDefaults, type CodeQueue } from './code-queues';
import { mirroringPolicies } from './checks/mirroring-policies';
import { queueArguments } from './checks/queue-arguments';
import { redeclareMismatches } from './checks/redeclare-mismatch';
import { transientQueues } from './checks/transient-queues';
import { unsafeConsumers } from './checks/unsafe-consumers';
import type { AuditFinding, BrokerState } from './model';
import { BROKER_MIRRORING_POLICY, BROKER_QUEUE_ARGUMENT, BROKER_REDECLARE_MISMATCH, BROKER_TRANSIENT_QUEUE, BROKER_UNSAFE_CONSUMER } from './rules';

export interface AuditOptions {
  target: TargetVersion;
  /** Only this vhost (all when undefined). */
  vhost?: string;
  /** The code's queue declarations (undefined: no paths given). */
  code?: CodeQueue[];
  disabledRules?: ReadonlySet<string>;
  severities?: ReadonlyMap<string, Severity>;
  /** The default queue types to judge the code with (--default-queue-type); default: the broker's own. */
  defaultQueueType?: DefaultQueueTypes;
}

const CHECKS: { id: string; run: (state: BrokerState, o: AuditOptions) => AuditFinding[] }[] = [
  { id: BROKER_TRANSIENT_QUEUE.id, run: (s, o) => transientQueues(s, o.target) },
  { id: BROKER_QUEUE_ARGUMENT.id, run: (s, o) => queueArguments(s, o.target) },
  { id: BROKER_MIRRORING_POLICY.id, run: (s, o) => mirroringPolicies(s, o.target) },
  { id: BROKER_UNSAFE_CONSUMER.id, run: (s, o) => unsafeConsumers(s, o.target) },
  { id: BROKER_REDECLARE_MISMATCH.id, run: (s, o) => (o.code ? redeclareMismatches(s, o.code, o.target, auditDefaults(s, o.defaultQueueType)) : []) },
];

/** Every audit check over the broker's state (restricted to one vhost if asked), config severities applied. */
export function audit(state: BrokerState, options: AuditOptions): AuditFinding[] {
  const scoped: BrokerState =
    options.vhost === undefined
      ? state
      : {
          ...state,
          queues: state.queues.filter((q) => q.vhost === options.vhost),
          policies: state.policies.filter((p) => p.vhost === options.vhost),
          consumers: state.consumers?.filter((c) => c.vhost === options.vhost),
        };
  const findings = CHECKS.filter((c) => !options.disabledRules?.has(c.id)).flatMap((c) => c.run(scoped, options));
  applySeverities(findings, options.severities ?? new Map());
  return findings;
}

/** The state the audit looked at, scoped like the findings (for the summary). */
export function scopedCounts(state: BrokerState, vhost?: string): { queues: number; policies: number; consumers: number | null } {
  const inScope = (v: string) => vhost === undefined || v === vhost;
  return {
    queues: state.queues.filter((q) => inScope(q.vhost)).length,
    policies: state.policies.filter((p) => inScope(p.vhost)).length,
    consumers: state.consumers ? state.consumers.filter((c) => inScope(c.vhost)).length : null,
  };
}
