// The queues the scanned code declares, as the audit compares them with what the broker holds: the model's
// declarations, shaped by the default queue type of the vhost they meet (rules/equivalence.ts).
import type { Analysis } from '../engine/analyze';
import type { DefaultQueueTypes, QueueDeclaration } from '../model';
import { shapeOf, type QueueShape } from '../rules/equivalence';
import { typeOrigin } from '../rules/queue-facts';
import { LineIndex } from '../text';
import type { BrokerState, Place } from './model';

/** A named queue the code declares, as the broker will be asked for it. */
export interface CodeQueue {
  name: string;
  /** Where the code names its vhost. */
  vhost?: string;
  client: string;
  callee: string;
  where: Place & { file: string };
  decl: QueueDeclaration;
}

/** The named, non-passive queue declarations of an analysis (server-named and run-time names cannot be matched). */
export function codeQueues(analysis: Analysis): CodeQueue[] {
  const out: CodeQueue[] = [];
  for (const f of analysis.files) {
    const lines = new LineIndex(f.text);
    for (const d of f.model?.declarations ?? []) {
      if (d.passive || d.name.kind === 'unknown' || d.name.value === '') continue;
      const s = lines.position(d.at.start);
      const e = lines.position(d.at.end);
      out.push({
        name: d.name.value,
        ...(d.vhost !== undefined ? { vhost: d.vhost } : {}),
        client: d.client,
        callee: d.callee,
        where: { file: d.at.file, line: s.line, column: s.column, endLine: e.line, endColumn: e.column },
        decl: d,
      });
    }
  }
  return out;
}

/**
 * The default queue types the audit judges the code with: the ones given (--default-queue-type, the config),
 * else the broker's: each vhost's own, else the node's, else classic.
 */
export function auditDefaults(state: BrokerState, given?: DefaultQueueTypes): DefaultQueueTypes {
  if (given !== undefined) return given;
  const node = state.defaults.node ?? 'classic';
  return { ...Object.fromEntries(Object.entries(state.defaults.vhosts).map(([v, t]) => [v, t ?? node])), '*': node };
}

/** The declaration as the broker compares it in `vhost` (where the code leaves the vhost to run time: the queue's). */
export function codeShape(d: CodeQueue, vhost: string, defaults: DefaultQueueTypes): QueueShape {
  return shapeOf({ ...d.decl, vhost: d.vhost ?? vhost }, { defaultQueueType: defaults });
}

/** Whether the declaration's type in `vhost` comes from the default queue type (it names no x-queue-type). */
export function typedByDefault(d: CodeQueue, vhost: string, defaults: DefaultQueueTypes): boolean {
  return typeOrigin({ ...d.decl, vhost: d.vhost ?? vhost }, { defaultQueueType: defaults }).from === 'default';
}
