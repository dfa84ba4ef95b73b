// Reading a project for its index: every discovered file read once for its facts, unusable files set aside.
import * as fs from 'node:fs';
import type { DiscoveredFile } from '../discover';
import { factsOf } from './candidates';
import { mayBeCandidate } from '../index/facts';
import type { IndexedFile } from '../index/project-index';
import type { SourceHost } from '../index/module-resolution';
import { contentHash } from '../index/content-hash';

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
      const text = this.options.overlay?.read(f.absolute) ?? readSource(f.absolute, this.maxFileBytes, (message) => this.skipped.push({ file: f.relative, message, absolute: f.absolute }), this.options.minifiedWanted?.(f.relative) ?? false);
      if (text === undefined) continue;
      const facts = factsOf(f.relative, text);
      this.indexed.push({ absolute: f.absolute, path: f.relative, facts, ...(this.options.hashes ? { hash: contentHash(text) } : {}) });
      if (mayBeCandidate(facts)) this.kept.set(f.absolute, text);
    }
    return this.next >= this.files.length;
  }
}

/** A file's text, or undefined (with why, through `skip`) if it is unreadable, too large, binary or a bundle. */
export function readSource(absolute: string, max: number, skip: (message: string) => void, minifiedWanted = false): string | undefined {
  let buf: Buffer;
  try {
    buf = readUpTo(absolute, max);
  } catch (e) {
    const size = (e as { tooLarge?: number }).tooLarge;
    skip(size !== undefined ? `skipped: ${size} bytes is over the size limit of ${max} bytes (--max-file-size)` : `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return undefined;
  }
  const text = buf.toString('utf8');
  const unusable = unusableContent(buf, text, minifiedWanted);
  if (unusable) {
    skip(`skipped: ${unusable}`);
    return undefined;
  }
  return text;
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

/** A file's bytes through one descriptor; throws `{ tooLarge: size }` over `max` bytes. */
function readUpTo(file: string, max: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size > max) throw Object.assign(new Error('too large'), { tooLarge: size });
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
