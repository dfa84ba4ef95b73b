import * as fs from 'node:fs';
import { discover, type DiscoverOptions } from '../discover';
import { analyze, type Analysis, type SourceInput } from './analyze';
import type { AnalyzeOptions } from './options';

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

export interface ProjectRun {
  analysis: Analysis;
  /** Files found (after ignores). */
  discovered: number;
  /** Files found but not read: unreadable, binary, too large. */
  skipped: { file: string; message: string }[];
  /** Paths that could not be walked. */
  errors: { file: string; message: string }[];
  /** Absolute path of each analysed file, by reported path. */
  absolute: Map<string, string>;
}

export interface ProjectOptions extends DiscoverOptions {
  maxFileBytes?: number;
}

/** Discover, read and analyse the files under `roots`. */
export function runProject(roots: string[], project: ProjectOptions, options: AnalyzeOptions): ProjectRun {
  const found = discover(roots, project);
  const inputs: SourceInput[] = [];
  const skipped: ProjectRun['skipped'] = [];
  const absolute = new Map<string, string>();
  const max = project.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  for (const f of found.files) {
    let buf: Buffer;
    try {
      const size = fs.statSync(f.absolute).size;
      if (size > max) {
        skipped.push({ file: f.relative, message: `skipped: ${size} bytes is over the size limit of ${max} bytes` });
        continue;
      }
      buf = fs.readFileSync(f.absolute);
    } catch (e) {
      skipped.push({ file: f.relative, message: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
      continue;
    }
    if (buf.subarray(0, 8192).includes(0)) {
      skipped.push({ file: f.relative, message: 'skipped: binary file' });
      continue;
    }
    inputs.push({ path: f.relative, text: buf.toString('utf8'), absolute: f.absolute });
    absolute.set(f.relative, f.absolute);
  }
  const analysis = analyze(inputs, { cwd: project.cwd, ...options });
  for (const f of analysis.files) absolute.set(f.path, f.absolute);
  return { analysis, discovered: found.files.length, skipped, errors: found.errors, absolute };
}
