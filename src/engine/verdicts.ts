// The consumers table: each consumer's ack mode, prefetch and verdict.
import { SEVERITY_RANK, type ConsumerReport, type FileModel, type Finding, type Subject } from '../model';
import type { ParsedFile } from '../parse/ast';
import { prefetchOf } from '../rules/consumer-facts';

/** One row per consumer: its ack mode, prefetch, and a verdict from the consumer rules' findings. */
export function consumerVerdicts(model: FileModel, findings: Finding[], file: ParsedFile, elsewhere?: ReadonlyMap<Subject, Finding[]>): ConsumerReport[] {
  const byStatement = new Map<number, Finding[]>();
  for (const f of findings) {
    if (!CONSUMER_RULE_IDS.has(f.ruleId)) continue;
    const list = byStatement.get(f.anchor);
    if (list) list.push(f);
    else byStatement.set(f.anchor, [f]);
  }
  return model.consumers.map((c) => {
    const here = (byStatement.get(c.statementStart) ?? []).filter((f) => f.start >= c.at.start && f.end <= c.at.end);
    // A finding placed at the consumer's options inside its own call is both here and attributed: once.
    const mine = [...new Set([...here, ...(elsewhere?.get(c) ?? []).filter((f) => CONSUMER_RULE_IDS.has(f.ruleId))])];
    const p = prefetchOf(c);
    const unsafe = mine.some((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.warning);
    // A prefetch the code leaves to run time but that is never 0 (`x || 10`) or never unset (`x ?? 100`) bounds the consumer.
    const unknown = c.ack.kind === 'unknown' || (p?.kind === 'unknown' && !p.truthy && !p.chosen);
    return {
      file: c.at.file,
      line: file.lines.position(c.at.start).line,
      client: c.client,
      queue: c.queue.kind === 'unknown' ? null : c.queue.value,
      ack: c.ack.kind === 'unknown' ? 'unknown' : c.ack.value,
      prefetch: p && p.kind !== 'unknown' ? p.value : null,
      verdict: unsafe ? 'unsafe' : unknown ? 'unknown' : 'safe',
      reasons: mine.map((f) => (f.severity === 'info' ? UNSETTLED[f.ruleId] : undefined) ?? REASONS[f.ruleId] ?? f.ruleId),
    };
  });
}

const REASONS: Record<string, string> = {
  'auto-ack-consumer': 'automatic ack: messages lost on a crash',
  'unbounded-prefetch': 'no prefetch: the whole backlog is pushed at once',
  'ineffective-prefetch': 'the prefetch does nothing with automatic ack',
  'stream-consumer-requirements': 'a stream needs a prefetch and manual ack',
  'manual-ack-never-settled': 'manual ack, but the handler never settles a message: it stalls at its prefetch',
};
/** An info of a consumer rule: the code leaves the value to run time, so the row says what to check. */
const UNSETTLED: Record<string, string> = {
  'auto-ack-consumer': 'noAck unknown: if true, messages lost on a crash',
  'unbounded-prefetch': 'prefetch unknown: 0 or none pushes the whole backlog at once',
};
const CONSUMER_RULE_IDS = new Set(Object.keys(REASONS));
