// What a run looked at on disk besides its files' texts (folders it listed, ignore and configuration files, files an
// import led to, files it looked for and did not find), recorded while a recorder is set: a cache that only stats
// can then tell whether any of it changed.
import * as fs from 'node:fs';

/**
 * Absent, a file (its size and modification time), a folder (its modification time: a listing changes it), or
 * present whatever it is (a `.git` whose existence alone matters: its time changes with every commit).
 */
export const PathKind = { Absent: 0, File: 1, Directory: 2, Present: 4 } as const;
export type PathKind = (typeof PathKind)[keyof typeof PathKind];

export type PathState = readonly [kind: PathKind, size: number, mtimeMs: number];

/** A path's state now (links followed). */
export function stateOf(absolute: string): PathState {
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(absolute, { throwIfNoEntry: false });
  } catch {
    st = undefined;
  }
  if (!st) return [PathKind.Absent, 0, 0];
  return st.isDirectory() ? [PathKind.Directory, 0, st.mtimeMs] : [PathKind.File, st.size, st.mtimeMs];
}

/** Whether a path is still as recorded: the same kind, and for a file the same size and time, for a folder the same time. */
export function unchanged(absolute: string, kind: number, size: number, mtimeMs: number): boolean {
  const [k, s, m] = stateOf(absolute);
  if (kind === PathKind.Present) return k !== PathKind.Absent;
  return k === kind && s === size && m === mtimeMs;
}

/** The paths a run looked at, each with its state when it was first looked at (before it was read). */
export class StatRecorder {
  readonly seen = new Map<string, PathState>();

  look(absolute: string, state?: PathState): void {
    if (!this.seen.has(absolute)) this.seen.set(absolute, state ?? stateOf(absolute));
  }
}

/** The recorders taking paths now (an analysis inside a run records what it read for itself and for the run). */
const active: StatRecorder[] = [];

/** Runs `run` with `recorder` taking every path looked at, besides the recorders already taking them. */
export function recordingStats<T>(recorder: StatRecorder | undefined, run: () => T): T {
  if (!recorder) return run();
  active.push(recorder);
  try {
    return run();
  } finally {
    active.splice(active.lastIndexOf(recorder), 1);
  }
}

/** A path about to be read, listed or looked for (called before it is: a change after that is seen by the next run). */
export function lookedAt(absolute: string): void {
  if (!active.length) return;
  const state = stateOf(absolute);
  for (const r of active) r.look(absolute, state);
}

/** A path whose existence alone is asked (its contents and time do not matter). */
export function lookedFor(absolute: string): void {
  if (!active.length) return;
  const state: PathState = stateOf(absolute)[0] === PathKind.Absent ? [PathKind.Absent, 0, 0] : [PathKind.Present, 0, 0];
  for (const r of active) r.look(absolute, state);
}
