// The persistent cache (--cache): each file's facts and each component's results, keyed by content, tool
// version and options, reused only when nothing they were computed from has changed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import type { FileFacts } from '../index/facts';
import type { DeclaredQueue } from '../rules/equivalence';
import type { FileResult } from './analyze';

/** Bumped whenever what the cache holds changes shape. */
const FORMAT = 2;

export const DEFAULT_CACHE_FILE = '.rabbitmq4-codemod-cache';

/** How a file is known to be unchanged: its size and modification time (ESLint's default), or its content's digest. */
export type CacheStrategy = 'metadata' | 'content';

export interface CachedFile {
  size: number;
  mtimeMs: number;
  /** The digest of its text ('' for a file that could not be used). */
  hash: string;
  facts?: FileFacts;
  /** Why the file was not used (too large, binary, a bundle), as the report says it. */
  skipped?: string;
}

/** The results of one connected component of the project's import graph, and what they were computed from. */
export interface CachedComponent {
  /** Its files (absolute) and their digests, in index order: the component is reused only if this is the same. */
  files: [string, string][];
  /** Files outside the project the analysis read (imports that lead out of it), with their digests. */
  outside: [string, string | null][];
  /** Its declarations as the broker compares them, per file, as `queueFacts` returns them. */
  declared: [string, DeclaredQueue[]][];
  /** Its files' results (no syntax trees, no texts). */
  results: FileResult[];
}

export interface CacheContents {
  format: number;
  /** The tool's version, the options and the project root: another of any of them is another cache. */
  key: string;
  files: Map<string, CachedFile>;
  components: CachedComponent[];
  /** What every component's rules read of the project as a whole: the declarations (declaredKey), the selection's libraries. */
  project: string;
}

export function cacheKey(parts: unknown[]): string {
  return JSON.stringify([FORMAT, ...parts]);
}

/** Where the cache file goes: `--cache-location` (a file, or a folder to put it in), else the working directory. */
export function cacheFile(cwd: string, location: string | undefined): string {
  if (!location) return path.join(cwd, DEFAULT_CACHE_FILE);
  const absolute = path.resolve(cwd, location);
  const isDir = location.endsWith('/') || location.endsWith(path.sep) || (fs.existsSync(absolute) && fs.statSync(absolute).isDirectory());
  return isDir ? path.join(absolute, DEFAULT_CACHE_FILE) : absolute;
}

/** How many caches one file keeps (other targets, other options, other projects of one run), the least recent dropped. */
const KEPT = 8;

interface CacheFile {
  format: number;
  entries: CacheContents[];
}

function readCacheFile(file: string): CacheFile | undefined {
  let buf: Buffer;
  try {
    buf = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    const contents = v8.deserialize(buf) as CacheFile;
    return contents && contents.format === FORMAT && Array.isArray(contents.entries) ? contents : undefined;
  } catch {
    // A damaged cache is no cache: the run computes everything and writes it anew.
    return undefined;
  }
}

/** The cache at `file` for this key; undefined if there is none, it is another version's, or it cannot be read. */
export function loadCache(file: string, key: string): CacheContents | undefined {
  return readCacheFile(file)?.entries.find((e) => e.key === key);
}

/** Writes the cache for `key` atomically (a run that stops half-way leaves the previous cache, never half of one); the reason it could not. */
export function saveCache(file: string, key: string, given: Omit<CacheContents, 'format' | 'key'>): string | undefined {
  const others = (readCacheFile(file)?.entries ?? []).filter((e) => e.key !== key).slice(-(KEPT - 1));
  const contents: CacheFile = { format: FORMAT, entries: [...others, { ...given, format: FORMAT, key }] };
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(temp, v8.serialize(contents));
    fs.renameSync(temp, file);
    return undefined;
  } catch (e) {
    try {
      fs.unlinkSync(temp);
    } catch {
      // never created
    }
    return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  }
}
