// Builds the plan from the analysis of the code as it is and as fix leaves it (both under the plan's default queue
// type), and from the broker's state when one is named: per queue a verdict, the changes, the step for what exists.
import type { Analysis } from '../engine/analyze';
import { QUEUE_TYPES, type DefaultQueueTypes, type Finding, type QueueDeclaration, type QueueType, type TargetVersion } from '../model';
import { auditDefaults } from '../audit/code-queues';
import { deleteQueueCommand, policySetting, queuePolicyCommand, setPolicyCommand, sh } from '../audit/commands';
import type { BrokerQueue, BrokerState } from '../audit/model';
import { differences, firstRefusal, refusalText, shapeOf, type QueueShape } from '../rules/equivalence';
import { typeOrigin } from '../rules/queue-facts';
import { TOOL_NAME, TOOL_VERSION, type ReportError } from '../report/model';
import { LineIndex } from '../text';
import { plannedConsumers } from './consumers';
import { PLAN_DOCS, type ExistingQueue, type PlanFinding, type PlannedDeclaration, type PlannedForm, type PlannedQueue, type PlanReport, type QueueVerdict } from './model';

export interface PlanInput {
  /** The code as it is, analysed under the plan's default queue type. */
  before: Analysis;
  /** The code as fix leaves it (every rewrite and annotation applied), analysed the same way. */
  after: Analysis;
  defaultQueueType: DefaultQueueTypes;
  target: TargetVersion;
  broker?: BrokerState;
  /** Only this vhost of the broker (all when undefined). */
  vhost?: string;
  /** The plan is about to be checked on the broker (plan --verify): no step suggests it. */
  verifying?: boolean;
  errors: ReportError[];
}

const INCONSISTENT = 'inconsistent-queue-declaration';

/** Each declaration of the code as it is, with the same declaration as fix leaves it (same file, same place in it). */
function pairs(before: Analysis, after: Analysis): { decl: QueueDeclaration; fixed?: QueueDeclaration; findings: Finding[]; fixedFindings: Finding[]; lines: LineIndex }[] {
  const fixedByFile = new Map(after.files.map((f) => [f.path, f]));
  const out: ReturnType<typeof pairs> = [];
  for (const f of before.files) {
    const decls = f.model?.declarations ?? [];
    const other = fixedByFile.get(f.path);
    const fixedDecls = other?.model?.declarations ?? [];
    const lines = new LineIndex(f.text);
    decls.forEach((decl, i) => {
      const candidate = fixedDecls[i];
      const fixed = candidate && candidate.callee === decl.callee && sameName(candidate, decl) ? candidate : undefined;
      out.push({ decl, fixed, findings: at(f.findings, decl), fixedFindings: fixed && other ? at(other.findings, fixed) : [], lines });
    });
  }
  return out;
}

const sameName = (a: QueueDeclaration, b: QueueDeclaration) => (a.name.kind === 'unknown') === (b.name.kind === 'unknown') && (a.name.kind === 'unknown' || a.name.value === (b.name as { value: string }).value);

/** The findings reported at a declaration (its span, or the statement it is in). */
function at(findings: Finding[], d: QueueDeclaration): Finding[] {
  return findings.filter((f) => f.file === d.at.file && ((f.start >= d.at.start && f.end <= d.at.end) || f.anchor === d.statementStart));
}

/** How the code will send the declaration after the changes, or why that is not known. */
function formOf(d: QueueDeclaration | undefined): PlannedForm {
  if (!d) return { unknown: 'the declaration could not be matched after the changes' };
  if (d.name.kind === 'unknown') return { unknown: `the queue name ${d.name.reason}` };
  for (const flag of ['durable', 'exclusive', 'autoDelete'] as const) {
    const r = d[flag];
    if (r.kind === 'unknown') return { unknown: `${flag} ${/^comes from /.test(r.reason) ? r.reason : `is unknown: ${r.reason}`}` };
  }
  if (d.argumentsIncomplete) return { unknown: `some arguments are unknown: ${d.argumentsIncomplete}` };
  const args: Record<string, unknown> = {};
  for (const a of d.arguments) {
    if (a.value.kind === 'unknown') return { unknown: `${a.key} ${/^comes from /.test(a.value.reason) ? a.value.reason : `is unknown: ${a.value.reason}`}` };
    args[a.key] = a.value.value;
  }
  return { queue: d.name.value, durable: valueOf(d.durable), exclusive: valueOf(d.exclusive), autoDelete: valueOf(d.autoDelete), arguments: args };
}

const valueOf = (r: QueueDeclaration['durable']): boolean => (r.kind === 'unknown' ? false : r.value);

const planFinding = (f: Finding): PlanFinding => ({ ruleId: f.ruleId, severity: f.severity, message: f.message, ...(f.brokerError ? { brokerError: f.brokerError } : {}), fix: { kind: f.fix.kind, description: f.fix.description } });

export function buildPlan(input: PlanInput): PlanReport {
  const { broker, defaultQueueType } = input;
  const today = broker ? auditDefaults(broker) : undefined;
  const groups = new Map<string, { name: string; vhost?: string; decls: (PlannedDeclaration & { shape?: QueueShape; removed: Record<string, unknown> })[] }>();
  let serverNamed = 0;
  for (const p of pairs(input.before, input.after)) {
    const { decl } = p;
    if (decl.passive) continue;
    const planned = typeOrigin(p.fixed ?? decl, { defaultQueueType });
    const pos = p.lines.position(decl.at.start);
    const form = formOf(p.fixed);
    const fixed = p.fixed;
    // Arguments the changes drop (not those they rename: x-queue-master-locator becomes x-queue-leader-locator).
    const removed: Record<string, unknown> = {};
    const kept = new Set((fixed?.arguments ?? []).map((b) => policySetting(b.key, b.value.kind === 'unknown' ? undefined : b.value.value)?.key ?? b.key));
    for (const a of decl.arguments) {
      if (a.value.kind === 'unknown' || fixed?.arguments.some((b) => b.key === a.key)) continue;
      if (!kept.has(policySetting(a.key, a.value.value)?.key ?? a.key)) removed[a.key] = a.value.value;
    }
    const planned_: PlannedDeclaration & { shape?: QueueShape; removed: Record<string, unknown> } = {
      file: decl.at.file,
      line: pos.line,
      column: pos.column,
      client: decl.client,
      callee: decl.callee,
      today: typeOrigin(decl, { defaultQueueType: today }).type,
      planned: planned.type,
      typeFrom: planned.from,
      findings: p.findings.map(planFinding),
      after: form,
      refusedAfter: p.fixedFindings.filter((f) => f.severity === 'error' && f.brokerError).map((f) => `${f.ruleId}: ${f.brokerError}`),
      ...(fixed ? { shape: shapeOf(fixed, { defaultQueueType }) } : {}),
      removed,
    };
    const name = decl.name.kind === 'unknown' ? undefined : decl.name.value;
    const key = name === undefined ? `?${decl.at.file}:${decl.at.start}` : name === '' ? `''${serverNamed++}` : `${decl.vhost ?? ''}\u0000${name}`;
    const group = groups.get(key) ?? { name: name ?? '', ...(decl.vhost !== undefined ? { vhost: decl.vhost } : {}), decls: [] };
    group.decls.push(planned_);
    groups.set(key, group);
  }

  const brokerQueues = (broker?.queues ?? []).filter((q) => !q.exclusive && (input.vhost === undefined || q.vhost === input.vhost));
  const matched = new Set<BrokerQueue>();
  const policies: PlanReport['policies'] = [];
  const queues: PlannedQueue[] = [];
  for (const g of groups.values()) {
    const vhost = g.vhost ?? input.vhost ?? '/';
    const q = g.name ? brokerQueues.find((b) => b.name === g.name && b.vhost === vhost) : undefined;
    if (q) matched.add(q);
    const judged = judge(g.decls, g.name);
    const verdict = judged.verdict;
    const summary = judged.summary.charAt(0).toUpperCase() + judged.summary.slice(1);
    const decls = g.decls.map(({ shape: _shape, removed: _removed, ...d }) => d);
    const planned = g.decls.find((d) => d.planned !== 'unknown')?.planned as QueueType | undefined;
    const existing = q && broker ? existingStep(q, planned, g.decls.find((d) => d.shape)?.shape) : undefined;
    queues.push({ name: g.name, ...(g.vhost !== undefined ? { vhost: g.vhost } : {}), verdict, summary, declarations: decls, ...(existing ? { existing } : {}) });
    // What the removed arguments did, and what the queue on the broker holds that the new declaration drops, as a policy.
    const keep: Record<string, unknown> = {};
    for (const d of g.decls) for (const [k, v] of Object.entries(d.removed)) keepAs(keep, k, v);
    if (q && planned !== q.type) {
      // By what they set: x-queue-leader-locator in the code does what x-queue-master-locator did on the broker.
      const sent = new Set(g.decls.flatMap((d) => ('queue' in d.after ? Object.entries(d.after.arguments).map(([k, v]) => policySetting(k, v)?.key ?? k) : [])));
      for (const [k, v] of Object.entries(q.arguments)) if (k !== 'x-queue-type' && !sent.has(policySetting(k, v)?.key ?? k)) keepAs(keep, k, v);
    }
    if (g.name && Object.keys(keep).length) {
      const command = q && broker ? queuePolicyCommand(broker, q, keep) : setPolicyCommand({ vhost, name: `${g.name}.settings`, pattern: `^${g.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, applyTo: 'queues', priority: 0, definition: keep });
      policies.push({ queue: g.name, vhost, keys: Object.keys(keep), command });
    }
  }
  queues.sort((a, b) => (a.vhost ?? '').localeCompare(b.vhost ?? '') || a.name.localeCompare(b.name));

  const undeclared = brokerQueues
    .filter((q) => !matched.has(q) && q.type === 'classic')
    .map((q) => ({ name: q.name, vhost: q.vhost, type: q.type, durable: q.durable, ...counts(q), step: `No scanned code declares it: it stays classic until whatever declares it names x-queue-type quorum and the queue is recreated (a queue's type never changes).`, commands: [] as string[] }));

  const summary = Object.fromEntries((['already', 'ready', 'after-changes', 'decide', 'stays-classic', 'conflict', 'unknown'] as QueueVerdict[]).map((v) => [v, queues.filter((q) => q.verdict === v).length])) as PlanReport['summary'];
  summary.queues = queues.length;
  summary.declarations = queues.reduce((n, q) => n + q.declarations.length, 0);
  summary.existing = broker ? brokerQueues.length : null;

  return {
    version: 1,
    kind: 'plan',
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    target: input.target,
    defaultQueueType,
    docs: PLAN_DOCS,
    ...(broker ? { broker: { source: broker.source.kind === 'definitions' ? broker.source.file : broker.source.url, ...(broker.brokerVersion ? { version: broker.brokerVersion } : {}), ...(broker.nodes ? { nodes: broker.nodes.length } : {}), defaults: broker.defaults } } : {}),
    summary,
    queues,
    consumers: plannedConsumers(input.before, input.after, planFinding),
    undeclared,
    policies,
    steps: steps(queues, policies, broker, defaultQueueType, !!input.verifying),
    warnings: warnings(broker),
    errors: input.errors,
  };
}

function keepAs(keep: Record<string, unknown>, key: string, value: unknown): void {
  const p = policySetting(key, value);
  if (p) keep[p.key] = p.value;
}

const counts = (q: BrokerQueue) => ({ ...(q.messages !== undefined ? { messages: q.messages } : {}), ...(q.consumers !== undefined ? { consumers: q.consumers } : {}) });

function judge(decls: (PlannedDeclaration & { shape?: QueueShape })[], name: string): { verdict: QueueVerdict; summary: string } {
  const label = name ? `'${name}'` : 'the server-named queue';
  const conflict = decls.flatMap((d) => d.findings).find((f) => f.ruleId === INCONSISTENT && f.severity === 'error');
  const stillConflict = conflict && decls.some((d) => d.refusedAfter.some((r) => r.startsWith(INCONSISTENT)));
  if (stillConflict) return { verdict: 'conflict', summary: `${label} is declared differently in ${decls.length} places: make them agree, and deploy those services together.` };
  const refused = decls.find((d) => d.refusedAfter.length);
  if (refused) return { verdict: 'decide', summary: `${label} is refused under the default and no safe rewrite exists (${refused.file}:${refused.line}): keep it classic with x-queue-type: 'classic', or change the declaration.` };
  const open = decls.find((d) => d.planned === 'unknown' || 'unknown' in d.after);
  if (open) return { verdict: 'unknown', summary: `${label}: ${'unknown' in open.after ? open.after.unknown : `its type is decided at run time (${open.file}:${open.line})`}, so the plan cannot say what the broker makes of it.` };
  if (decls.every((d) => d.planned === 'classic')) {
    const explicit = decls.every((d) => d.typeFrom === 'argument');
    return { verdict: 'stays-classic', summary: explicit ? `${label} names x-queue-type classic: it stays classic.` : `${label} is a temporary queue (exclusive, auto-delete or non-durable): the broker keeps it classic, which suits a queue with no use for replication.` };
  }
  if (decls.every((d) => d.typeFrom === 'argument' && d.planned !== 'classic')) return { verdict: 'already', summary: `${label} names x-queue-type ${decls[0].planned}: nothing to change.` };
  if (decls.some((d) => d.findings.some((f) => f.fix.kind === 'rewrite') || conflict)) return { verdict: 'after-changes', summary: `${label} becomes ${decls.find((d) => d.planned !== 'classic')?.planned ?? 'quorum'} once fix makes the changes below.` };
  return { verdict: 'ready', summary: `${label} becomes ${decls[0].planned} as written.` };
}

/** What to do with the queue the broker holds, for the type the plan gives it. */
function existingStep(q: BrokerQueue, planned: QueueType | undefined, shape: QueueShape | undefined): ExistingQueue {
  const base = { type: q.type, durable: q.durable, ...counts(q) };
  const holds = `${q.messages !== undefined ? `${q.messages} message${q.messages === 1 ? '' : 's'}` : 'its messages'}${q.consumers !== undefined ? `, ${q.consumers} consumer${q.consumers === 1 ? '' : 's'}` : ''}`;
  const type = (QUEUE_TYPES as readonly string[]).includes(q.type) ? (q.type as QueueType) : undefined;
  const refusal = type && shape ? firstRefusal(differences({ durable: { value: q.durable }, exclusive: { value: false }, autoDelete: { value: q.autoDelete }, type: { value: type }, arguments: Object.entries(q.arguments).filter(([k]) => k !== 'x-queue-type').map(([k, v]) => [k, { value: v }]) }, shape)) : undefined;
  const said = refusal ? refusalText(refusal, q.name, q.vhost) : undefined;
  if (!planned || planned === q.type) {
    if (!said) return { ...base, step: `It exists as a ${q.type} queue with these settings: nothing to move.`, commands: [] };
    return { ...base, step: `It exists as a ${q.type} queue (${holds}) with other settings, so the new declaration is refused (${said}): drain it, delete it and let the new code declare it, or move to a new name.`, commands: [listCommand(q), deleteWhenEmpty(q)] };
  }
  return {
    ...base,
    step:
      `It exists as a ${q.type} queue (${holds}), and a queue's type never changes. Either give the ${planned} queue a new name (for example '${q.name}.v2', bound like the old one), move the publishers to it and let the consumers drain '${q.name}' before deleting it; ` +
      `or stop the publishers, let the consumers drain it, delete it and deploy the new declarations in one go.${said ? ` Until then its declaration is refused: ${said}.` : ''}`,
    commands: [listCommand(q), deleteWhenEmpty(q)],
  };
}

const listCommand = (q: BrokerQueue) => `rabbitmqctl list_queues -p ${sh(q.vhost)} name type messages consumers`;
const deleteWhenEmpty = (q: BrokerQueue) => deleteQueueCommand(q).replace(/^rabbitmqctl delete_queue /, 'rabbitmqctl delete_queue --if-empty ');

function steps(queues: PlannedQueue[], policies: PlanReport['policies'], broker: BrokerState | undefined, dqt: DefaultQueueTypes, verifying: boolean): string[] {
  const out: string[] = [];
  const type = typeof dqt === 'string' ? dqt : (dqt['*'] ?? Object.values(dqt)[0] ?? 'quorum');
  const flag = typeof dqt === 'string' ? ` --default-queue-type ${dqt}` : '';
  const rewrites = queues.flatMap((q) => q.declarations).filter((d) => d.findings.some((f) => f.fix.kind === 'rewrite')).length;
  const decide = queues.filter((q) => q.verdict === 'decide').length;
  if (rewrites || decide) out.push(`Change the code: \`rabbitmq4-codemod fix${flag} --write\` rewrites ${rewrites} declaration${rewrites === 1 ? '' : 's'}${decide ? `; ${decide} queue${decide === 1 ? '' : 's'} need${decide === 1 ? 's' : ''} a human decision (the marker comments it adds)` : ''}.`);
  const conflicts = queues.filter((q) => q.verdict === 'conflict').length;
  if (conflicts) out.push(`Make the ${conflicts} queue${conflicts === 1 ? '' : 's'} declared differently in several places agree, and deploy the services that declare ${conflicts === 1 ? 'it' : 'them'} together: whichever declares a queue second is refused.`);
  if (policies.length) out.push(`Write the ${policies.length} polic${policies.length === 1 ? 'y' : 'ies'} below, which keep what the removed arguments did (policies are not part of the redeclaration check).`);
  const moves = queues.filter((q) => q.existing && q.existing.commands.length).length;
  if (moves) out.push(`Move the ${moves} queue${moves === 1 ? '' : 's'} that exist with another type or other settings (each: drain, delete, redeclare; or a new name).`);
  out.push(
    `Switch the default queue type to ${type}: a new vhost (\`rabbitmqctl add_vhost <vhost> --default-queue-type ${type}\`), or an existing one (\`rabbitmqctl update_vhost_metadata <vhost> --default-queue-type ${type}\`) only once its classic queues are moved: a classic queue that exists is refused (406 inequivalent arg 'x-queue-type') once its declaration without x-queue-type is typed ${type}.`,
  );
  if (!broker) out.push('Run the plan again with a broker (--management-url, --broker-config) to see the queues that exist, their messages and consumers, and the cluster size.');
  if (!verifying) out.push(`Check the plan on the broker: \`rabbitmq4-codemod plan${flag} --verify\` declares every planned declaration in a scratch vhost, starts every planned consumer once, and records the broker's replies.`);
  return out;
}

function warnings(broker: BrokerState | undefined): string[] {
  const out: string[] = [];
  if (broker?.nodes?.length === 1) {
    out.push(
      `The broker has one node (${broker.nodes[0]}): quorum queues there pay the Raft cost without the safety (measured on one node: 64% of classic's throughput, 6.8x the queue memory). Move to quorum queues once the cluster has three nodes, or keep classic queues on a single node.`,
    );
  }
  if (broker && broker.source.kind === 'definitions') out.push("A definitions export holds no message or consumer counts, no exclusive queues and not the node's default queue type: the plan takes vhosts without a default as classic.");
  return out;
}
