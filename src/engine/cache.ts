// The persistent cache (--cache): each file's facts and each component's results, keyed by content, tool
// version and options, reused only when nothing they were computed from has changed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import type { FileFacts } from '../index/facts';
import type { DeclaredQueue } from '../rules/equivalence';
import type { FileResult } from './analyze';

/** Bumped whenever what the cache holds changes shape. */
const FORMAT = 3;

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
  /**
   * Other paths the analysis looked at, with their kind, size and time (engine/cached-state.ts): configuration
   * files of the line width, found or not, and folders listed outside the project.
   */
  looked: [string, number, number, number][];
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

/**
 * The cache file: a header naming each entry's key and where its sections lie, then the sections, each
 * serialized on its own, so that a run reads the header and deserializes only the sections it needs: the
 * run's state (what it looked at and what it reported: all a run over an unchanged tree needs, see
 * engine/cached-state.ts), and only when something changed, the files' facts and the components' results.
 */
const MAGIC = Buffer.from(`rabbitmq4-codemod cache ${FORMAT}\n`);

type Section = 'state' | 'contents';

interface Header {
  entries: { key: string; sections: Partial<Record<Section, [offset: number, length: number]>> }[];
}

/** The cache file as read: its header, and each entry's sections read and deserialized on demand. */
export class CacheStore {
  private constructor(
    private readonly file: string,
    private readonly header: Header,
    private readonly body: number,
  ) {}

  /** The cache file at `file`; undefined if there is none, it is another version's, or it cannot be read. */
  static open(file: string): CacheStore | undefined {
    try {
      const start = readRange(file, 0, MAGIC.length + 4);
      if (start.length < MAGIC.length + 4 || !start.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
      const length = start.readUInt32LE(MAGIC.length);
      const header = v8.deserialize(readRange(file, MAGIC.length + 4, length)) as Header;
      return Array.isArray(header?.entries) ? new CacheStore(file, header, MAGIC.length + 4 + length) : undefined;
    } catch {
      // None, or a damaged one: no cache, the run computes everything and writes it anew.
      return undefined;
    }
  }

  has(key: string): boolean {
    return this.header.entries.some((e) => e.key === key);
  }

  /** A section of the entry for `key`, read and deserialized; undefined if there is none or it cannot be read. */
  section<T>(key: string, section: Section): T | undefined {
    const place = this.header.entries.find((e) => e.key === key)?.sections[section];
    if (!place) return undefined;
    try {
      return v8.deserialize(readRange(this.file, this.body + place[0], place[1])) as T;
    } catch {
      return undefined;
    }
  }

  /** The other entries' sections as they are stored (not deserialized), for a new file that keeps them. */
  rawEntries(except: string): { key: string; sections: Partial<Record<Section, Buffer>> }[] {
    try {
      return this.header.entries
        .filter((e) => e.key !== except)
        .map((e) => ({ key: e.key, sections: Object.fromEntries(Object.entries(e.sections).map(([name, [offset, length]]) => [name, readRange(this.file, this.body + offset, length)])) }));
    } catch {
      return [];
    }
  }
}

/** `length` bytes of a file from `offset` (fewer at its end). */
function readRange(file: string, offset: number, length: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = fs.readSync(fd, buf, done, length - done, offset + done);
      if (n === 0) break;
      done += n;
    }
    return buf.subarray(0, done);
  } finally {
    fs.closeSync(fd);
  }
}

/** The cache at `file` for this key (its files' facts and components' results); undefined if there is none, it is another version's, or it cannot be read. */
export function loadCache(file: string, key: string, store = CacheStore.open(file)): CacheContents | undefined {
  const contents = store?.section<CacheContents>(key, 'contents');
  return contents && contents.format === FORMAT && contents.key === key ? contents : undefined;
}

/**
 * Writes the cache for `key` atomically (a run that stops half-way leaves the previous cache, never half of
 * one), keeping up to KEPT - 1 other entries as they were; the reason it could not.
 */
export function saveCache(file: string, key: string, given: Omit<CacheContents, 'format' | 'key'>, state?: unknown): string | undefined {
  const others = (CacheStore.open(file)?.rawEntries(key) ?? []).slice(-(KEPT - 1));
  const mine: Partial<Record<Section, Buffer>> = { contents: v8.serialize({ ...given, format: FORMAT, key }) };
  if (state !== undefined) mine.state = v8.serialize(state);
  const blobs: Buffer[] = [];
  let offset = 0;
  const header: Header = { entries: [] };
  for (const e of [...others, { key, sections: mine }]) {
    const sections: Header['entries'][number]['sections'] = {};
    for (const [name, blob] of Object.entries(e.sections) as [Section, Buffer][]) {
      sections[name] = [offset, blob.length];
      blobs.push(blob);
      offset += blob.length;
    }
    header.entries.push({ key: e.key, sections });
  }
  const head = v8.serialize(header);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(temp, Buffer.concat([MAGIC, length, head, ...blobs]));
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
