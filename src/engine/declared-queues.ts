// The project's queue declarations as the broker compares them (rules/equivalence.ts): built per file, merged in
// project order (across worker threads too), and indexed by queue name for the rules.
import type { FileModel, QueueType } from '../model';
import type { ParsedFile } from '../parse/ast';
import { isTestFile } from '../resolve/test-files';
import { shapeOf, type DeclaredQueue, type StandaloneScript } from '../rules/equivalence';
import type { TypeContext } from '../rules/queue-facts';

/** The named, non-passive declarations of a file's model (server-named queues and run-time names cannot be matched). `scriptOf`: a file that is a standalone script. */
export function declaredQueuesOf(model: FileModel, file: ParsedFile, types: TypeContext, scriptOf?: (file: string) => StandaloneScript | undefined): DeclaredQueue[] {
  const out: DeclaredQueue[] = [];
  for (const d of model.declarations) {
    if (d.passive || d.name.kind === 'unknown' || d.name.value === '') continue;
    const s = file.lines.position(d.at.start);
    const e = file.lines.position(d.at.end);
    out.push({
      name: d.name.value,
      ...(d.vhost !== undefined ? { vhost: d.vhost } : {}),
      shape: shapeOf(d, types),
      client: d.client,
      callee: d.callee,
      place: { file: d.at.file, start: d.at.start, end: d.at.end, line: s.line, column: s.column, endLine: e.line, endColumn: e.column },
      ...(isTestFile(d.at.file) ? { test: true } : {}),
      ...(d.name.kind === 'default' ? { libraryNamed: true } : {}),
      ...withScript(scriptOf?.(d.at.file)),
    });
  }
  return out;
}

/**
 * What one component's rules read of the other components' declarations, as a cache key: every queue's
 * type, and every declaration of a queue declared in more than one component (`componentOf` a reported
 * path). A queue declared in one component only is compared within it, whose results are made again
 * when its files change.
 */
export function declaredKey(declared: readonly DeclaredQueue[], componentOf: (file: string) => string): string {
  const { byName, types } = indexDeclared(declared);
  const shared = [...byName].filter(([, list]) => new Set(list.map((d) => componentOf(d.place.file))).size > 1);
  return JSON.stringify([[...types], shared]);
}

/** The declarations by queue name, and the type each queue name gets (the last declaration that settles it wins). */
export interface ProjectQueues {
  byName: Map<string, DeclaredQueue[]>;
  types: Map<string, QueueType>;
}

export function indexDeclared(declared: Iterable<DeclaredQueue>): ProjectQueues {
  const byName = new Map<string, DeclaredQueue[]>();
  const types = new Map<string, QueueType>();
  for (const d of declared) {
    const list = byName.get(d.name);
    if (list) list.push(d);
    else byName.set(d.name, [d]);
    if ('value' in d.shape.type) types.set(d.name, d.shape.type.value);
  }
  return { byName, types };
}

const withScript = (script: StandaloneScript | undefined): { script?: StandaloneScript } => (script ? { script } : {});

/** A file that exports nothing (no `export`, `module.exports`, `exports.x`): one that runs rather than one that is used. */
const EXPORTS = /\bexport\s|\bmodule\.exports\b|\bexports\.[\w$]+\s*=/;
/** A lesson number a script's name starts with: `01_recv.js`, `4-routing.ts`, `2.worker.js`. */
const LESSON = /^(\d+)[-_. ]/;

/**
 * The standalone script a reported file is, if it is one: no module of the project imports it, and it exports nothing.
 * `importedBy`: the project files that import it (absolute); `packageOf`: the folder of its nearest package.json.
 */
export function standaloneScript(file: { path: string; absolute: string; text: string }, importedBy: (absolute: string) => readonly string[], packageOf: (absolute: string) => string): StandaloneScript | undefined {
  if (EXPORTS.test(file.text) || importedBy(file.absolute).length) return undefined;
  const slash = file.path.lastIndexOf('/');
  const lesson = LESSON.exec(file.path.slice(slash + 1))?.[1];
  return { folder: slash < 0 ? '' : file.path.slice(0, slash), pkg: packageOf(file.absolute), ...(lesson !== undefined ? { lesson: String(Number(lesson)) } : {}) };
}
