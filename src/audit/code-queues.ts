// The queues the scanned code declares, as the audit compares them with what the broker holds.
import type { Analysis } from '../engine/analyze';
import type { QueueType, Resolved } from '../model';
import { queueTypeOf } from '../rules/queue-facts';
import { LineIndex } from '../text';
import type { Place } from './model';

/** A value the code settles (written, or the library's default), or undefined when only run time knows. */
export type Settled<T> = { value: T } | undefined;

/** A named queue the code declares, as the broker will be asked for it. */
export interface CodeQueue {
  name: string;
  client: string;
  callee: string;
  durable: Settled<boolean>;
  exclusive: Settled<boolean>;
  autoDelete: Settled<boolean>;
  type: QueueType | 'unknown';
  /** Every argument the declaration sends (promoted options included), by key. */
  arguments: Map<string, Settled<unknown>>;
  /** Why the arguments cannot all be listed, if so. */
  argumentsIncomplete?: string;
  where: Place & { file: string };
}

const settled = <T>(r: Resolved<T>): Settled<T> => (r.kind === 'unknown' ? undefined : { value: r.value });

/** The named, non-passive queue declarations of an analysis (server-named and run-time names cannot be matched). */
export function codeQueues(analysis: Analysis): CodeQueue[] {
  const texts = new Map(analysis.files.map((f) => [f.path, f.text]));
  const indexes = new Map<string, LineIndex>();
  const lines = (file: string) => {
    let index = indexes.get(file);
    if (!index) indexes.set(file, (index = new LineIndex(texts.get(file) ?? '')));
    return index;
  };
  const out: CodeQueue[] = [];
  for (const f of analysis.files) {
    for (const d of f.model?.declarations ?? []) {
      if (d.passive || d.name.kind === 'unknown' || d.name.value === '') continue;
      const s = lines(d.at.file).position(d.at.start);
      const e = lines(d.at.file).position(d.at.end);
      out.push({
        name: d.name.value,
        client: d.client,
        callee: d.callee,
        durable: settled(d.durable),
        exclusive: settled(d.exclusive),
        autoDelete: settled(d.autoDelete),
        type: queueTypeOf(d),
        arguments: new Map(d.arguments.map((a) => [a.key, settled(a.value)])),
        argumentsIncomplete: d.argumentsIncomplete,
        where: { file: d.at.file, line: s.line, column: s.column, endLine: e.line, endColumn: e.column },
      });
    }
  }
  return out;
}
