// A run over an unchanged tree answered from the cache: every path the last run looked at is statted (folders by
// their modification time, which a listing's change moves; files by size and time) and, if none changed, its
// report is the answer. Nothing is listed, read or parsed, and the files' facts are not even deserialized.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PathKind, stateOf, unchanged, type StatRecorder } from '../index/probes';
import type { FileResult } from './analyze';
import type { CachedFile } from './cache';
import type { AnalyzeOptions } from './options';

/** A folder that holds the cache file: its listing is compared by its names (writing the cache changes its time). */
const LISTED = 3;

export interface RunState {
  /** The paths the report is of (absolute, JSON): another set of paths is another report. */
  reported: string;
  /** Every path the run looked at (absolute, NUL-separated) and per path its kind, size and modification time. */
  paths: string;
  states: Float64Array;
  /** The names in each folder compared by listing (NUL-separated), in the order of those folders among `paths`. */
  listings: string[];
  /** The report: its files in order (reported and absolute paths, NUL-separated), the results of those that are more than not relevant. */
  files: string;
  absolutes: string;
  results: [number, FileResult][];
  discovered: number;
  skipped: { file: string; message: string }[];
  errors: { file: string; message: string }[];
  /** Candidate files whose results the run had (from the cache or its analysis). */
  candidates: number;
}

/** What a run reports, as runProject returns it for one project. */
export interface ReportedRun {
  analysis: { options: AnalyzeOptions; files: FileResult[] };
  discovered: number;
  skipped: { file: string; message: string }[];
  errors: { file: string; message: string }[];
  absolute: Map<string, string>;
}

/** The cache file's own files in its folder (the file and the temporary files it is written through). */
function cacheOwn(cacheFile: string): (name: string) => boolean {
  const base = path.basename(cacheFile);
  return (name) => name === base || (name.startsWith(`.${base}.`) && name.endsWith('.tmp'));
}

function namesIn(dir: string, own: (name: string) => boolean): string | undefined {
  try {
    return fs
      .readdirSync(dir)
      .filter((n) => !own(n))
      .sort()
      .join('\0');
  } catch {
    return undefined;
  }
}

/**
 * The state of a run to keep: what `recorder` saw it look at, the discovered files as they were read
 * (`known`: each file's size and time before it was read), and its report.
 */
export function runState(run: ReportedRun, reported: readonly string[], recorder: StatRecorder, known: ReadonlyMap<string, CachedFile>, discovered: readonly string[], candidates: number, cacheFile: string): RunState {
  const seen = new Map(recorder.seen);
  for (const f of discovered) {
    const k = known.get(f);
    seen.set(f, k ? [PathKind.File, k.size, k.mtimeMs] : (seen.get(f) ?? stateOf(f)));
  }
  const own = cacheOwn(cacheFile);
  const cacheDir = path.dirname(cacheFile);
  const paths: string[] = [];
  const states = new Float64Array(seen.size * 3);
  const listings: string[] = [];
  let i = 0;
  for (const [p, [kind, size, mtime]] of seen) {
    paths.push(p);
    if (kind === PathKind.Directory && p === cacheDir) {
      states.set([LISTED, 0, 0], i);
      listings.push(namesIn(p, own) ?? '');
    } else states.set([kind, size, mtime], i);
    i += 3;
  }
  const results: [number, FileResult][] = [];
  run.analysis.files.forEach((f, n) => {
    if (f.status !== 'not-relevant' || f.findings.length || f.edits.length || f.consumers.length || f.model) results.push([n, { ...f, text: '', model: undefined }]);
  });
  return {
    reported: JSON.stringify(reported),
    paths: paths.join('\0'),
    states,
    listings,
    files: run.analysis.files.map((f) => f.path).join('\0'),
    absolutes: run.analysis.files.map((f) => f.absolute).join('\0'),
    results,
    discovered: run.discovered,
    skipped: run.skipped,
    errors: run.errors,
    candidates,
  };
}

/** Whether everything the run looked at is as it was (stopping at the first difference). */
export function unchangedSince(state: RunState, cacheFile: string): boolean {
  const own = cacheOwn(cacheFile);
  const { states } = state;
  let listing = 0;
  let at = 0;
  for (let i = 0; at <= state.paths.length && i < states.length; i += 3) {
    const end = state.paths.indexOf('\0', at);
    const p = state.paths.slice(at, end === -1 ? undefined : end);
    at = end === -1 ? state.paths.length + 1 : end + 1;
    if (states[i] === LISTED) {
      if (namesIn(p, own) !== state.listings[listing++]) return false;
    } else if (!unchanged(p, states[i], states[i + 1], states[i + 2])) return false;
  }
  return true;
}

/** The run a state reports (results hold no texts: the caller reads them where a report or a fix needs them). */
export function runFromState(state: RunState, options: AnalyzeOptions): ReportedRun & { candidates: number } {
  const NOTHING = Object.freeze([]) as unknown as never[];
  const paths = state.files ? state.files.split('\0') : [];
  const absolutes = state.absolutes ? state.absolutes.split('\0') : [];
  const files: FileResult[] = paths.map((p, n) => ({ path: p, absolute: absolutes[n], text: '', status: 'not-relevant', findings: NOTHING, edits: NOTHING, consumers: NOTHING }));
  for (const [n, r] of state.results) files[n] = r;
  return {
    analysis: { options, files },
    discovered: state.discovered,
    skipped: state.skipped,
    errors: state.errors,
    absolute: new Map(files.map((f) => [f.path, f.absolute])),
    candidates: state.candidates,
  };
}
