// The consumers table: each consumer's ack mode, prefetch and verdict, and where each value the code leaves to run
// time comes from (so that a reviewer can decide an unknown verdict, or find the queue a row is about).
import { SEVERITY_RANK, type Consumer, type ConsumerReport, type DecidedBy, type FileModel, type Finding, type Resolved, type Subject, type ValueSource } from '../model';
import type { ParsedFile } from '../parse/ast';
import { valueSource } from '../resolve/value-source';
import { prefetchOf } from '../rules/consumer-facts';

/** The parsed file at a report path (the consumer's own, or the one a value it reads is written in). */
export type ParsedFileOf = (path: string) => ParsedFile | undefined;

/** One row per consumer: its ack mode, prefetch, and a verdict from the consumer rules' findings. */
export function consumerVerdicts(model: FileModel, findings: Finding[], file: ParsedFile, elsewhere?: ReadonlyMap<Subject, Finding[]>, fileOf?: ParsedFileOf): ConsumerReport[] {
  const byStatement = new Map<number, Finding[]>();
  for (const f of findings) {
    if (!CONSUMER_RULE_IDS.has(f.ruleId)) continue;
    const list = byStatement.get(f.anchor);
    if (list) list.push(f);
    else byStatement.set(f.anchor, [f]);
  }
  const parsed: ParsedFileOf = (p) => (p === file.path ? file : fileOf?.(p));
  // Findings placed here for other consumers (a helper's callers, reported at the helper) are theirs, not this row's.
  const placedFor = new Map<Finding, Subject[]>();
  for (const [subject, list] of elsewhere ?? []) for (const f of list) placedFor.set(f, [...(placedFor.get(f) ?? []), subject]);
  return model.consumers.map((c) => {
    const here = (byStatement.get(c.statementStart) ?? []).filter((f) => f.start >= c.at.start && f.end <= c.at.end && (!placedFor.has(f) || placedFor.get(f)!.includes(c)));
    // A finding placed at the consumer's options inside its own call is both here and attributed: once.
    const mine = [...new Set([...here, ...(elsewhere?.get(c) ?? []).filter((f) => CONSUMER_RULE_IDS.has(f.ruleId))])];
    const p = prefetchOf(c);
    const unsafe = mine.some((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.warning);
    // A prefetch the code leaves to run time but that is never 0 (`x || 10`) or never unset (`x ?? 100`) bounds the consumer.
    const prefetchOpen = p?.kind === 'unknown' && !p.truthy && !p.chosen;
    // A call that fits two clients' APIs whose defaults disagree (engine/ambiguous-receivers.ts): which one it is decides.
    const ambiguous = !!c.among && c.among.length > 1;
    const unknown = c.ack.kind === 'unknown' || prefetchOpen || ambiguous;
    const sources = sourcesOf(c, p, parsed, file);
    const decidedBy = unknown && !unsafe ? decisive(c, p, prefetchOpen, sources, parsed) : [];
    const reasons = mine.map((f) => {
      const unsettled = f.severity === 'info' ? UNSETTLED[f.ruleId] : undefined;
      const source = ACK_RULE_IDS.has(f.ruleId) ? sources.ack : sources.prefetch;
      return unsettled ? (source ? `${unsettled}; it is ${source.description}` : unsettled) : (REASONS[f.ruleId] ?? f.ruleId);
    });
    return {
      file: c.at.file,
      line: file.lines.position(c.at.start).line,
      client: c.client,
      queue: c.queue.kind === 'unknown' ? null : c.queue.value,
      ...(sources.queue ? { queueSource: sources.queue } : {}),
      ack: c.ack.kind === 'unknown' ? 'unknown' : c.ack.value,
      ...(sources.ack ? { ackSource: sources.ack } : {}),
      prefetch: p && p.kind !== 'unknown' ? p.value : null,
      ...(p?.kind === 'unknown' && prefetchRange(p, sources.prefetch) ? { prefetchRange: prefetchRange(p, sources.prefetch) } : {}),
      ...(sources.prefetch ? { prefetchSource: sources.prefetch } : {}),
      verdict: unsafe && !ambiguous ? 'unsafe' : unknown ? 'unknown' : 'safe',
      reasons: ambiguous ? [`the call fits ${c.among!.join("'s and ")}'s API, whose defaults give different verdicts`, ...reasons] : reasons,
      ...(decidedBy.length ? { decidedBy } : {}),
      ...(c.untraced ? { inferred: c.untraced } : {}),
      ...(ambiguous ? { clients: [...c.among!] } : {}),
    };
  });
}

/** Where the queue, the ack mode and the prefetch come from, for those the code leaves to run time. */
function sourcesOf(c: Consumer, p: Resolved<number> | undefined, parsed: ParsedFileOf, file: ParsedFile): { queue?: ValueSource; ack?: ValueSource; prefetch?: ValueSource } {
  // The consumer's own call: a helper it is read through, called there, fills in the parameters a source names.
  const site = { file, at: c.at };
  return {
    queue: c.queue.kind === 'unknown' ? valueSource(c.queue.origin, parsed, site) : undefined,
    ack: c.ack.kind === 'unknown' ? valueSource(c.ack.origin, parsed, site) : undefined,
    prefetch: p?.kind === 'unknown' ? valueSource(p.origin, parsed, site) : undefined,
  };
}

/**
 * A prefetch run time decides but the code bounds: never 0 (`x || 10`, `ok(p) && p > 0 ? p : 20`): at least 1;
 * never unset (`x ?? 20`, `parseInt(process.env.X || '20')`): its fallback unless what decides it is set.
 */
export function prefetchRange(p: Resolved<number> & { kind: 'unknown' }, source: ValueSource | undefined): string | undefined {
  const who = source ? shortName(source) : undefined;
  const fallback = source?.fallback?.replace(/^(['"`])(.*)\1$/, '$2');
  if (p.truthy) return fallback !== undefined && who ? `at least 1 (${fallback} unless ${who} is set)` : 'at least 1';
  if (p.chosen && p.unlessSet) return `${p.unlessSet.value} unless ${p.unlessSet.by} is set`;
  if (p.chosen) return fallback !== undefined && who ? `${fallback} unless ${who} is set` : `set on every path${who ? ` (${who})` : ''}`;
  return undefined;
}

/** What a reader calls the thing that decides a value: the variable, the key, the parameter (without "of f()"). */
function shortName(s: ValueSource): string {
  return (s.name ?? s.variable ?? s.expression).replace(/ \(parameter of .*\)$/, '');
}

/** What would decide an unknown verdict: the ack mode and the prefetch left open, each with where it is written. */
function decisive(c: Consumer, p: Resolved<number> | undefined, prefetchOpen: boolean, sources: { ack?: ValueSource; prefetch?: ValueSource }, parsed: ParsedFileOf): DecidedBy[] {
  const out: DecidedBy[] = [];
  const add = (value: DecidedBy['value'], r: Resolved<unknown> | undefined, source: ValueSource | undefined) => {
    if (source) out.push({ value, name: shortName(source), file: source.file, line: source.line });
    else if (r?.kind === 'unknown' && r.origin) {
      const f = parsed(r.origin.file);
      if (f) out.push({ value, name: r.reason, file: r.origin.file, line: f.lines.position(r.origin.start).line });
    }
  };
  if (c.ack.kind === 'unknown') add('ack', c.ack, sources.ack);
  if (prefetchOpen) add('prefetch', p, sources.prefetch);
  return out;
}

const REASONS: Record<string, string> = {
  'auto-ack-consumer': 'automatic ack: messages lost on a crash',
  'unbounded-prefetch': 'no prefetch: the whole backlog is pushed at once',
  'ineffective-prefetch': 'the prefetch does nothing with automatic ack',
  'stream-consumer-requirements': 'a stream needs a prefetch and manual ack',
  'manual-ack-never-settled': 'manual ack, but the handler never settles a message: it stalls at its prefetch',
  'direct-reply-to-manual-ack': 'manual ack on direct reply-to: the broker refuses the consumer (406)',
};
/** An info of a consumer rule: the code leaves the value to run time, so the row says what to check. */
const UNSETTLED: Record<string, string> = {
  'auto-ack-consumer': 'noAck unknown: if true, messages lost on a crash',
  'unbounded-prefetch': 'prefetch unknown: 0 or none pushes the whole backlog at once',
  'direct-reply-to-manual-ack': 'noAck unknown: if false, the broker refuses this direct reply-to consumer (406)',
};
const CONSUMER_RULE_IDS = new Set(Object.keys(REASONS));
/** The consumer rules whose info is about the ack mode (the others' are about the prefetch). */
const ACK_RULE_IDS = new Set(['auto-ack-consumer', 'direct-reply-to-manual-ack']);
