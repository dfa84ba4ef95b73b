// The plan's consumers: each consumer of the code as it is, paired with the same consumer as fix leaves it, and how it
// will start after the changes (its queue, noAck, the prefetch on its channel, its basic.consume arguments).
import type { Analysis } from '../engine/analyze';
import type { Consumer, FieldType, Finding } from '../model';
import { prefetchOf } from '../rules/consumer-facts';
import { LineIndex } from '../text';
import type { PlanFinding, PlannedConsume, PlannedConsumer } from './model';

/** Every consumer of the scanned code, in file order. */
export function plannedConsumers(before: Analysis, after: Analysis, planFinding: (f: Finding) => PlanFinding): PlannedConsumer[] {
  const fixedByFile = new Map(after.files.map((f) => [f.path, f]));
  const out: PlannedConsumer[] = [];
  for (const f of before.files) {
    const consumers = f.model?.consumers ?? [];
    if (!consumers.length) continue;
    const other = fixedByFile.get(f.path);
    const fixedConsumers = other?.model?.consumers ?? [];
    const lines = new LineIndex(f.text);
    consumers.forEach((c, i) => {
      const candidate = fixedConsumers[i];
      const fixed = candidate && candidate.callee === c.callee && candidate.queue.kind === c.queue.kind ? candidate : undefined;
      const pos = lines.position(c.at.start);
      const declared = c.queueDeclaration ? lines.position(c.queueDeclaration.at.start) : undefined;
      out.push({
        file: c.at.file,
        line: pos.line,
        column: pos.column,
        client: c.client,
        callee: c.callee,
        queue: c.queue.kind === 'unknown' ? null : c.queue.value,
        ...(declared && c.queueDeclaration ? { declaredAt: { file: c.queueDeclaration.at.file, line: declared.line, column: declared.column } } : {}),
        findings: at(f.findings, c).map(planFinding),
        after: consumeOf(fixed),
        refusedAfter: fixed && other ? at(other.findings, fixed).filter((x) => x.severity === 'error' && x.brokerError).map((x) => `${x.ruleId}: ${x.brokerError}`) : [],
      });
    });
  }
  return out;
}

/** The findings reported at a consumer (its span, or the statement it is in). */
function at(findings: Finding[], c: Consumer): Finding[] {
  return findings.filter((f) => f.file === c.at.file && ((f.start >= c.at.start && f.end <= c.at.end) || f.anchor === c.statementStart));
}

const why = (what: string, reason: string) => `${what} ${/^comes from /.test(reason) ? reason : `is unknown: ${reason}`}`;

/** How the consumer will start after the changes, or why that is not known. */
function consumeOf(c: Consumer | undefined): PlannedConsume {
  if (!c) return { unknown: 'the consumer could not be matched after the changes' };
  if (c.queue.kind === 'unknown') return { unknown: why('the queue name', c.queue.reason) };
  if (c.ack.kind === 'unknown') return { unknown: why('noAck', c.ack.reason) };
  const p = prefetchOf(c);
  if (p?.kind === 'unknown') return { unknown: why('the prefetch', p.reason) };
  const args: Record<string, unknown> = {};
  const wire: Record<string, FieldType> = {};
  for (const a of c.consumerArguments) {
    if (a.value.kind === 'unknown') return { unknown: why(a.key, a.value.reason) };
    // The model keeps a table's or an array's kind, not its fields: sending it would be another value. A timestamp
    // carries its seconds (amqplib's { '!': 'timestamp', value: N }, @cloudamqp/amqp-client's new Date(ms)).
    const seconds = a.wire === 'timestamp' && typeof a.value.value === 'number';
    if (a.wire === 'table' || a.wire === 'array' || (a.wire === 'timestamp' && !seconds)) return { unknown: `${a.key} is ${a.wire === 'timestamp' ? 'an AMQP timestamp' : a.wire === 'array' ? 'an array' : 'a table'} whose value the plan does not carry` };
    args[a.key] = a.value.value;
    if (seconds) wire[a.key] = 'timestamp';
  }
  return { queue: c.queue.value, noAck: c.ack.value === 'auto', ...(p ? { prefetch: p.value } : {}), arguments: args, ...(Object.keys(wire).length ? { wire } : {}) };
}
