// Atomic file writes, and the dirty-tree check `fix --write` makes first.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Replaces a file's content atomically (temp file in the same directory, then rename), keeping its
 * permissions. Refuses if the file no longer holds `expected` (it changed while the tool ran).
 */
export function writeAtomic(file: string, expected: string, next: string): { ok: true } | { ok: false; reason: string } {
  let current: string;
  let mode: number;
  try {
    current = fs.readFileSync(file, 'utf8');
    mode = fs.statSync(file).mode & 0o7777;
  } catch (e) {
    return { ok: false, reason: `cannot read it again: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  if (current !== expected) return { ok: false, reason: 'it changed while rabbitmq4-codemod ran; run fix again' };
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.rabbitmq4-codemod-${process.pid}.tmp`);
  try {
    fs.writeFileSync(temp, next, { mode });
    fs.chmodSync(temp, mode);
    fs.renameSync(temp, file);
    return { ok: true };
  } catch (e) {
    try {
      fs.unlinkSync(temp);
    } catch {
      // the temp file was never created
    }
    return { ok: false, reason: `cannot write: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
}

/**
 * Files with uncommitted changes under `paths`, or undefined when `cwd` is not in a git work tree
 * (there is nothing to protect a user's changes with).
 */
export function uncommittedChanges(cwd: string, paths: string[]): string[] | undefined {
  try {
    execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
  const out = execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', ...paths], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));
}
