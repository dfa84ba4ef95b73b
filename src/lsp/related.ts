// The places in other files that a finding's values come from (diagnostics' related information).
import type { FileModel, Finding, Resolved, Span, Subject } from '../model';

/** A place in another file that a finding's values come from, with what it is. */
export interface RelatedSpan {
  span: Span;
  message: string;
}

const MAX_RELATED = 5;

/**
 * Where the values a finding is about were written, when that is another file: the declaration a
 * wrapper call leads to (`via`), the origins of the subject's resolved values, and the other spans it
 * depends on. A span inside one already listed (or holding one) is left out.
 */
export function relatedSpans(finding: Finding, subjects: SubjectIndex): RelatedSpan[] {
  const subject = subjects.of(finding);
  if (!subject) return [];
  const out: RelatedSpan[] = [];
  const add = (span: Span | undefined, message: string) => {
    if (!span || span.file === finding.file || out.length >= MAX_RELATED) return;
    if (out.some((r) => r.span.file === span.file && ((r.span.start <= span.start && span.end <= r.span.end) || (span.start <= r.span.start && r.span.end <= span.end)))) return;
    out.push({ span, message });
  };
  const value = (r: Resolved<unknown> | undefined, what: string) => add(r && 'origin' in r ? r.origin : undefined, `${what} is set here`);
  switch (subject.kind) {
    case 'queue-declaration':
      if (subject.via) add(subject.via.declaredAt, `the queue is declared here (${subject.via.callee})`);
      value(subject.name, 'the queue name');
      value(subject.durable, 'durable');
      value(subject.exclusive, 'exclusive');
      value(subject.autoDelete, 'autoDelete');
      for (const a of subject.arguments) value(a.value, a.spelledAs);
      for (const s of subject.dependsOn) add(s, 'a value of this declaration is read from here');
      break;
    case 'consumer':
      value(subject.queue, 'the queue name');
      value(subject.ack, 'the acknowledgement mode');
      value(subject.prefetch, 'the prefetch');
      for (const a of subject.consumerArguments) value(a.value, a.key);
      break;
    case 'qos':
      value(subject.count, 'the prefetch count');
      value(subject.global, 'global');
      break;
    case 'publish':
      value(subject.confirms, 'publisher confirms');
      break;
    case 'connection-open':
      break;
  }
  return out;
}

/** The subjects of a file's model by the statement they are in, built once for all its findings. */
export class SubjectIndex {
  private readonly byStatement = new Map<string, Subject[]>();

  constructor(model: FileModel | undefined) {
    const subjects: Subject[] = model ? [...model.declarations, ...model.consumers, ...model.qos, ...model.publishes, ...model.opens, ...(model.handlers ?? [])] : [];
    for (const s of subjects) {
      const key = `${s.at.file}:${s.statementStart}`;
      const list = this.byStatement.get(key);
      if (list) list.push(s);
      else this.byStatement.set(key, [s]);
    }
  }

  /** The subject a finding was reported on: the same statement, and a span that holds the finding's. */
  of(f: Finding): Subject | undefined {
    const candidates = this.byStatement.get(`${f.file}:${f.anchor}`) ?? [];
    return candidates.find((s) => s.at.start === f.start && s.at.end === f.end) ?? candidates.find((s) => s.at.start <= f.start && f.end <= s.at.end);
  }
}
