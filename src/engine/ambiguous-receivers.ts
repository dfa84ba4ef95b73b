// Calls that fit two clients' APIs on a receiver the tracker cannot follow (the recognition ladder's rung b): each
// client modelled the call with its own defaults. Where the rules judge every client's reading alike, one subject
// stays; where they differ, one subject stays (its consumers row unknown) and its findings become infos that name
// both clients and what the other one's defaults give.
import type { FileModel, Recognition, Subject } from '../model';
import { DECLARATION_RULES, subjectChecks } from '../rules';
import type { RuleContext, Violation } from '../rules/types';

/** A rule's finding on an ambiguous call, already said as an info that names the clients. */
export interface SettledFinding {
  ruleId: string;
  violation: Violation;
}

/** The findings each kept subject of an ambiguous call reports instead of its rules' own. */
export type AmbiguousFindings = Map<Subject, SettledFinding[]>;

const LISTS = ['declarations', 'consumers', 'qos', 'publishes', 'bindings', 'exchanges', 'queueDeletions', 'links'] as const;

type Listed = Subject & Recognition;

/**
 * Keeps one subject per ambiguous call in each model: the first client's. `ruleCtx` is asked for only when a call is
 * ambiguous; `enabled` says which rules run.
 */
export function settleAmbiguousReceivers(models: readonly FileModel[], ruleCtx: () => RuleContext, enabled: (ruleId: string) => boolean): AmbiguousFindings {
  const settled: AmbiguousFindings = new Map();
  let ctx: RuleContext | undefined;
  for (const model of models) {
    for (const list of LISTS) {
      const subjects = model[list] as Listed[];
      const groups = new Map<string, Listed[]>();
      for (const s of subjects) {
        if (!s.among) continue;
        const key = `${s.at.file}:${s.at.start}:${s.at.end}:${'site' in s ? (s.site ?? '') : ''}`;
        groups.set(key, [...(groups.get(key) ?? []), s]);
      }
      if (!groups.size) continue;
      const dropped = new Set<Listed>();
      for (const group of groups.values()) {
        const [kept, ...others] = group;
        for (const o of others) dropped.add(o);
        ctx ??= ruleCtx();
        const verdicts = group.map((s) => ({ client: s.client, findings: findingsOf(s, list, ctx!, enabled) }));
        if (verdicts.every((v) => sameVerdict(v.findings, verdicts[0].findings))) {
          // One reading stands for all: its note says that the others agree.
          if (kept.untraced) kept.untraced = `${receiverPart(kept.untraced)}; the call fits ${clientsOf(verdicts.map((v) => v.client))} API, and their defaults agree here`;
          delete kept.among;
          continue;
        }
        kept.among = verdicts.map((v) => v.client);
        // Its note named the first client only (`... it is taken for amqplib's channel ...`); the infos name them all.
        if (kept.untraced) kept.untraced = receiverPart(kept.untraced);
        settled.set(kept, asInfos(verdicts));
      }
      if (dropped.size) (model[list] as Listed[]) = subjects.filter((s) => !dropped.has(s));
    }
  }
  return settled;
}

/** Every enabled rule's violations on one subject (the project-wide comparison of declarations left out: one reading at a time). */
function findingsOf(subject: Listed, list: (typeof LISTS)[number], ctx: RuleContext, enabled: (ruleId: string) => boolean): SettledFinding[] {
  const out: SettledFinding[] = [];
  if (subject.kind === 'queue-declaration') {
    for (const rule of DECLARATION_RULES) if (enabled(rule.meta.id)) for (const violation of rule.checkDeclaration(subject, ctx)) out.push({ ruleId: rule.meta.id, violation });
  }
  const alone = { [list]: [subject] } as unknown as FileModel;
  for (const check of subjectChecks()) {
    if (!enabled(check.meta.id) || check.meta.id === 'inconsistent-queue-declaration' || !(check.subjects({ ...EMPTY, ...alone }) as Subject[]).includes(subject)) continue;
    for (const violation of check.run(subject, ctx)) out.push({ ruleId: check.meta.id, violation });
  }
  return out;
}

const EMPTY: FileModel = { file: '', declarations: [], consumers: [], qos: [], publishes: [], opens: [], bindings: [], links: [], exchanges: [], queueDeletions: [] };

const verdictOf = (f: SettledFinding[]) => f.map((x) => `${x.ruleId}:${x.violation.severity}`).sort().join('|');
const sameVerdict = (a: SettledFinding[], b: SettledFinding[]) => verdictOf(a) === verdictOf(b);

/** `amqplib's and amqp-connection-manager's`. */
const clientsOf = (names: string[]) => `${names.slice(0, -1).join("'s, ")}'s and ${names[names.length - 1]}'s`;

/** What the ladder's note says of the receiver itself, without the client it took it for (`the receiver \`x\` is not traced`). */
const receiverPart = (note: string) => note.replace(/; it is taken for .*$/, '');

/** Each rule's finding, from the first client whose reading has it, as an info naming every client and what the others' defaults give. */
function asInfos(verdicts: { client: string; findings: SettledFinding[] }[]): SettledFinding[] {
  const out: SettledFinding[] = [];
  const clients = clientsOf(verdicts.map((v) => v.client));
  for (const v of verdicts) {
    for (const f of v.findings) {
      if (out.some((o) => o.ruleId === f.ruleId)) continue;
      const others = verdicts.filter((w) => w !== v).map((w) => {
        const same = w.findings.find((g) => g.ruleId === f.ruleId);
        return same ? `${w.client}'s gives the same rule a ${same.violation.severity}` : `${w.client}'s defaults give no such finding`;
      });
      const message = `${f.violation.message} This holds if the receiver is ${v.client}'s: the call fits ${clients} API, and which one it is cannot be told here (${others.join('; ')}).`;
      const { intents: _intents, unsafeIntents: _unsafe, risky: _risky, existingQueue: _existing, ...rest } = f.violation;
      out.push({ ruleId: f.ruleId, violation: { ...rest, severity: 'info', message } });
    }
  }
  return out;
}
