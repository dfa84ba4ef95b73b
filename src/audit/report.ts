// The audit report: findings sorted and counted, and the labels every format uses.
import type { DefaultQueueTypes, Severity, TargetVersion } from '../model';
import { TOOL_NAME, TOOL_VERSION, type ReportError } from '../report/model';
import type { AuditConsumer, AuditFinding, AuditReport, BrokerState } from './model';
import { scopedCounts } from './run';

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function buildAuditReport(input: {
  state: BrokerState;
  findings: AuditFinding[];
  target: TargetVersion;
  vhost?: string;
  declarations: number | null;
  errors: ReportError[];
  consumers?: AuditConsumer[];
  /** --default-queue-type (or the config's), when given: the code was judged with it instead of the broker's. */
  defaultQueueType?: DefaultQueueTypes;
}): AuditReport {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of input.findings) counts[f.severity]++;
  const s = input.state.source;
  return {
    version: 1,
    kind: 'audit',
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    target: input.target,
    source: s.kind === 'definitions' ? { definitions: s.file } : { managementUrl: s.url },
    ...(input.state.brokerVersion ? { brokerVersion: input.state.brokerVersion } : {}),
    ...(input.vhost !== undefined ? { vhost: input.vhost } : {}),
    defaultQueueTypes: { ...input.state.defaults, ...(input.defaultQueueType !== undefined ? { given: input.defaultQueueType } : {}) },
    summary: { ...scopedCounts(input.state, input.vhost), declarations: input.declarations, findings: counts },
    findings: [...input.findings].sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.ruleId.localeCompare(b.ruleId) || a.vhost.localeCompare(b.vhost) || a.object.name.localeCompare(b.object.name)),
    ...(input.consumers ? { consumers: input.consumers } : {}),
    errors: input.errors,
  };
}

/** `queue 'x'`, `policy 'x'`, `consumer x/tag`, with the vhost. */
export function objectLabel(f: AuditFinding): string {
  return `${f.object.kind} '${f.object.name}' (vhost '${f.vhost}')`;
}

export function sourceLabel(r: AuditReport): string {
  return 'definitions' in r.source ? r.source.definitions : r.source.managementUrl;
}
