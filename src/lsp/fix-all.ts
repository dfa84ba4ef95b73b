// The edits of every rewrite in a file, applied together (source.fixAll).
import type { Finding, TextEdit } from '../model';

/**
 * The edits of every rewrite in a file, applied together: identical edits (findings on the same
 * declaration share its rewrite) once, and a rewrite that overlaps one already taken left out
 * whole, since part of a rewrite is never legal on its own. Only the file's own rewrites: one that
 * edits another file (a shared options module) would change a document the user did not ask to fix
 * (and, on save, leave it unsaved); it stays a quick fix of its own. `ownPath` is the file an edit
 * without `file` belongs to.
 */
export function fixAllEdits(findings: readonly Finding[], ownPath: string): TextEdit[] {
  const taken: TextEdit[] = [];
  const keys = new Set<string>();
  const key = (e: TextEdit) => `${e.start}:${e.end}:${e.text}`;
  for (const f of findings) {
    if (f.fix.kind !== 'rewrite' || !f.fix.edits?.length || f.fix.edits.some((e) => !editsFile(e, ownPath))) continue;
    const fresh = f.fix.edits.filter((e) => !keys.has(key(e)));
    if (fresh.some((e) => taken.some((t) => conflict(e, t)))) continue;
    for (const e of fresh) {
      keys.add(key(e));
      taken.push(e);
    }
  }
  return taken;
}

/** Two edits conflict if their ranges share a character, or both insert at the same point. */
function conflict(a: TextEdit, b: TextEdit): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  return a.start < b.end && b.start < a.end;
}

/** The edit is of the file at `ownPath`. */
export const editsFile = (e: TextEdit, ownPath: string): boolean => (e.file ?? ownPath) === ownPath;
