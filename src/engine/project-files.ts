// Reading a project for its index: every discovered file read once for its facts, unusable files set aside.
import * as fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import type { DiscoveredFile } from '../discover';
import { factsOf, factsOfBytes } from './candidates';
import { mayBeCandidate, type FileFacts } from '../index/facts';
import type { IndexedFile } from '../index/project-index';
import type { SourceHost } from '../index/module-resolution';
import { contentHash } from '../index/content-hash';
import type { CachedFile, CacheStrategy } from './cache';
import { excludedBy } from '../discover';

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

export interface SkippedFile {
  file: string;
  message: string;
  absolute: string;
}

export interface ReaderOptions {
  maxFileBytes?: number;
  /** Texts that win over the disk (an editor's unsaved documents). */
  overlay?: SourceHost;
  /** Keep each file's content digest (a long-lived session, the cache). */
  hashes?: boolean;
  /** Files read even if they look minified (--include-minified), by path relative to the working directory. */
  minifiedWanted?: (relative: string) => boolean;
  /** The last run's facts (--cache): a file known unchanged is not read again (`metadata`: same size and time). */
  cached?: ReadonlyMap<string, CachedFile>;
  strategy?: CacheStrategy;
}

/**
 * Reads discovered files for the index, a batch at a time (`step`), so that a long-lived caller can
 * stay responsive while a large project is indexed. A file's text is kept only if its facts may make
 * it a candidate; the others' texts are dropped as soon as their facts are taken.
 */
export class IndexReader {
  readonly indexed: IndexedFile[] = [];
  readonly skipped: SkippedFile[] = [];
  readonly kept = new Map<string, string>();
  /** With a cache: every file's size, time, digest and facts (or why it was skipped), for the next run. */
  readonly known = new Map<string, CachedFile>();
  /** With a cache: the files whose facts came from it (their text unchanged). */
  reused = 0;
  /** With a cache: the files whose entry is exactly the last run's (same size and time: not even read). */
  untouched = 0;
  private next = 0;

  private readonly maxFileBytes: number;

  constructor(
    private readonly files: readonly DiscoveredFile[],
    private readonly options: ReaderOptions = {},
  ) {
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  get done(): number {
    return this.next;
  }

  get total(): number {
    return this.files.length;
  }

  /** Reads up to `count` more files; true when every file is read. */
  step(count = Infinity): boolean {
    const end = Math.min(this.files.length, this.next + count);
    for (; this.next < end; this.next++) {
      const f = this.files[this.next];
      if (this.options.cached) {
        this.readCached(f);
        continue;
      }
      const unsaved = this.options.overlay?.read(f.absolute);
      const read = unsaved === undefined ? this.readFile(f) : { facts: factsOf(f.relative, unsaved), text: unsaved, hash: this.options.hashes ? contentHash(unsaved) : undefined };
      if (!read) continue;
      this.indexed.push({ absolute: f.absolute, path: f.relative, facts: read.facts, ...(read.hash !== undefined ? { hash: read.hash } : {}) });
      if (mayBeCandidate(read.facts)) this.kept.set(f.absolute, read.text ?? SHARED.text());
    }
    return this.next >= this.files.length;
  }

  /**
   * A file's facts from its bytes (in the shared buffer until the next read): its text only where its facts
   * need it; undefined (the file set aside, with why) if it cannot be used.
   */
  private readFile(f: DiscoveredFile): { facts: FileFacts; text?: string; hash?: string } | undefined {
    const skipped = readBytes(f.absolute, this.maxFileBytes, this.options.minifiedWanted?.(f.relative) ?? false);
    if (skipped !== undefined) {
      this.skipped.push({ file: f.relative, message: skipped, absolute: f.absolute });
      return undefined;
    }
    const hash = this.options.hashes ? contentHash(SHARED.bytes()) : undefined;
    return { ...factsOfBytes(f.relative, SHARED.buf, SHARED.length, () => SHARED.text()), hash };
  }

  /** A file with the cache: its facts from the last run if it is unchanged, else read and recorded. */
  private readCached(f: DiscoveredFile): void {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(f.absolute);
    } catch (e) {
      this.skipped.push({ file: f.relative, message: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, absolute: f.absolute });
      return;
    }
    const before = this.options.cached!.get(f.absolute);
    if (before && this.options.strategy !== 'content' && before.size === stat.size && before.mtimeMs === stat.mtimeMs) {
      this.reused++;
      this.untouched++;
      this.keep(f, before);
      return;
    }
    const skipped = readBytes(f.absolute, this.maxFileBytes, this.options.minifiedWanted?.(f.relative) ?? false);
    const hash = skipped === undefined ? contentHash(SHARED.bytes()) : '';
    let text: string | undefined;
    const factsOfFile = () => {
      const read = factsOfBytes(f.relative, SHARED.buf, SHARED.length, () => SHARED.text());
      text = read.text;
      return read.facts;
    };
    const known: CachedFile = before && skipped === undefined && before.hash === hash ? { ...before, size: stat.size, mtimeMs: stat.mtimeMs } : { size: stat.size, mtimeMs: stat.mtimeMs, hash, ...(skipped !== undefined ? { skipped } : { facts: factsOfFile() }) };
    if (known === before || (before && before.hash === hash)) this.reused++;
    this.keep(f, known);
    if (skipped === undefined && known.facts && mayBeCandidate(known.facts)) this.kept.set(f.absolute, text ?? SHARED.text());
  }

  private keep(f: DiscoveredFile, known: CachedFile): void {
    this.known.set(f.absolute, known);
    if (known.skipped !== undefined || !known.facts) this.skipped.push({ file: f.relative, message: known.skipped ?? 'skipped', absolute: f.absolute });
    else this.indexed.push({ absolute: f.absolute, path: f.relative, facts: known.facts, hash: known.hash });
  }
}

/** A file's text, or undefined (with why, through `skip`) if it is unreadable, too large, binary or a bundle. */
export function readSource(absolute: string, max: number, skip: (message: string) => void, minifiedWanted = false): string | undefined {
  const skipped = readBytes(absolute, max, minifiedWanted);
  if (skipped === undefined) return SHARED.text();
  skip(skipped);
  return undefined;
}

/**
 * The buffer every file is read into, grown as needed and reused: a file is decoded into a string only
 * when its facts need the text, so the memory of a run follows its candidates, not its files.
 */
class SharedBuffer {
  buf = Buffer.allocUnsafe(64 * 1024);
  length = 0;

  /** The bytes read last. */
  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }

  text(): string {
    return this.buf.toString('utf8', 0, this.length);
  }

  /** Reads the whole file (through one descriptor) into the buffer; throws `{ tooLarge: size }` over `max` bytes. */
  read(file: string, max: number): void {
    const fd = fs.openSync(file, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      if (size > max) throw Object.assign(new Error('too large'), { tooLarge: size });
      if (this.buf.length < size) this.buf = Buffer.allocUnsafe(Math.max(size, this.buf.length * 2));
      // The size fstat gave, as readFileSync reads a regular file (no read past it to find its end).
      let length = 0;
      while (length < size) {
        const n = fs.readSync(fd, this.buf, length, size - length, length);
        if (n === 0) break;
        length += n;
      }
      this.length = length;
    } finally {
      fs.closeSync(fd);
    }
  }
}

const SHARED = new SharedBuffer();

/**
 * Reads a file into the shared buffer; why it cannot be used (unreadable, too large, binary, not UTF-8, a
 * bundle), or undefined. The checks are unusableContent's, made on the bytes.
 */
function readBytes(absolute: string, max: number, minifiedWanted: boolean): string | undefined {
  try {
    SHARED.read(absolute, max);
  } catch (e) {
    const size = (e as { tooLarge?: number }).tooLarge;
    return size !== undefined ? `skipped: ${size} bytes is over the size limit of ${max} bytes (--max-file-size)` : `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
  }
  const unusable = unusableBytes(SHARED.buf, SHARED.length, minifiedWanted);
  return unusable && `skipped: ${unusable}`;
}

/** unusableContent of the first `length` bytes of `buf`, without decoding them unless a large file has few lines. */
export function unusableBytes(buf: Buffer, length: number, minifiedWanted: boolean): string | undefined {
  if (buf.subarray(0, Math.min(length, 8192)).includes(0)) return 'binary file';
  const bytes = buf.subarray(0, length);
  if (!isUtf8(bytes)) return 'not valid UTF-8';
  if (minifiedWanted || !mayLookMinified(bytes)) return undefined;
  return looksMinified(bytes.toString('utf8')) ? 'minified or generated bundle (very long lines; --include-minified PATH reads it)' : undefined;
}

/**
 * False when `looksMinified` is false of the text of these UTF-8 bytes, seen without decoding them: a text
 * has at most as many UTF-16 units as bytes, so under 20,000 bytes it is short, and a line for every 500
 * bytes is a line for every 500 units or fewer.
 */
function mayLookMinified(bytes: Buffer): boolean {
  if (bytes.length < 20_000) return false;
  const enough = bytes.length / 500;
  let counted = 1;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) if (++counted >= enough) return false;
  return true;
}

/** Why a file's bytes must not be analysed (or rewritten), if so. */
export function unusableContent(buf: Buffer, text = buf.toString('utf8'), minifiedWanted = false): string | undefined {
  if (buf.subarray(0, 8192).includes(0)) return 'binary file';
  // Decoding replaces invalid bytes: writing such a text back would change bytes the fix never meant to touch.
  if (text.includes('\uFFFD') && !Buffer.from(text, 'utf8').equals(buf)) return 'not valid UTF-8';
  if (!minifiedWanted && looksMinified(text)) return 'minified or generated bundle (very long lines; --include-minified PATH reads it)';
  return undefined;
}

/** A bundle: long enough to matter, and written on a few very long lines. */
export function looksMinified(text: string): boolean {
  if (text.length < 20_000) return false;
  // Enough lines for an average of 500 characters or less: not a bundle, whatever its longest line (found
  // in the first few kilobytes of a hand-written file, instead of a walk over all of it).
  const enough = text.length / 500;
  let counted = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (++counted >= enough) return false;
  let lines = 1;
  let longest = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    lines++;
    longest = Math.max(longest, i - start);
    start = i + 1;
  }
  longest = Math.max(longest, text.length - start);
  return longest > 5_000 && text.length / lines > 500;
}

/** What a worker needs to read its share as this thread would (no functions: they cannot be sent). */
export interface SharedReaderOptions {
  maxFileBytes?: number;
  includeMinified: readonly string[];
  hashes?: boolean;
  cached?: [string, CachedFile][];
  strategy?: CacheStrategy;
}

/** One thread's share of the reading, as IndexReader leaves it. */
export interface ReadShare {
  indexed: IndexedFile[];
  skipped: SkippedFile[];
  kept: [string, string][];
  known: [string, CachedFile][];
  reused: number;
  untouched: number;
}

/** Reads a share of the project's files as a thread of a parallel read does (see workers.ts `readInParallel`). */
export function readShare(files: DiscoveredFile[], options: SharedReaderOptions): ReadShare {
  const reader = new IndexReader(files, {
    maxFileBytes: options.maxFileBytes,
    hashes: options.hashes,
    minifiedWanted: excludedBy([...options.includeMinified]),
    cached: options.cached && new Map(options.cached),
    strategy: options.strategy,
  });
  reader.step();
  return { indexed: reader.indexed, skipped: reader.skipped, kept: [...reader.kept], known: [...reader.known], reused: reader.reused, untouched: reader.untouched };
}
