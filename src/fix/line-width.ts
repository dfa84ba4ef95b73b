// The line width a project formats its code to (Prettier's printWidth, .editorconfig's max_line_length), for marker comments.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lookedAt, lookedFor } from '../index/probes';

/** The width when the project says nothing. */
export const DEFAULT_LINE_WIDTH = 100;
/** Prettier's own default, for a project that formats with Prettier without setting printWidth. */
const PRETTIER_DEFAULT = 80;

const PRETTIER_FILES = [
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.json5',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.toml',
  '.prettierrc.js',
  '.prettierrc.cjs',
  '.prettierrc.mjs',
  '.prettierrc.ts',
  'prettier.config.js',
  'prettier.config.cjs',
  'prettier.config.mjs',
  'prettier.config.ts',
];

/** `printWidth: 120`, `"printWidth": 120`, `printWidth = 120` (TOML), in any of Prettier's config formats. */
const PRINT_WIDTH = /["']?printWidth["']?\s*[:=]\s*(\d+)/;

interface DirFacts {
  /** The directory has a Prettier configuration: its printWidth, or null when it sets none. */
  prettier?: number | null;
  /** The directory's .editorconfig: its sections, and whether it is the root one. */
  editorconfig?: { root: boolean; sections: { glob: RegExp; maxLineLength?: number }[] };
  /** The directory is a repository root (holds .git): the search stops here. */
  repositoryRoot: boolean;
  /** The files looked for to know these facts (found or not). */
  looked: string[];
}

const cache = new Map<string, DirFacts>();

/** The files whose change alters a line width (a language server forgets what it read when one changes). */
export const LINE_WIDTH_FILES = /(^|[\\/])(\.prettierrc(\.[a-z]+)?|prettier\.config\.[a-z]+|\.editorconfig|package\.json)$/;

/** Forget every directory's Prettier and .editorconfig facts (one of those files changed). */
export function forgetLineWidths(): void {
  cache.clear();
}

/**
 * The line width for a file: the nearest Prettier configuration's printWidth; else the
 * .editorconfig max_line_length that applies to the file (nearest first, up to a `root = true`);
 * else Prettier's 80 if the project has a Prettier configuration; else 100. The search goes up
 * from the file's directory to the repository root (a directory with .git).
 */
export function lineWidthFor(absoluteFile: string): number {
  let prettier: number | null | undefined;
  let editor: number | undefined;
  let editorDone = false;
  for (let dir = path.dirname(absoluteFile); ; ) {
    const facts = factsOf(dir);
    if (prettier === undefined && facts.prettier !== undefined) prettier = facts.prettier;
    if (!editorDone && facts.editorconfig) {
      const rel = path.relative(dir, absoluteFile).split(path.sep).join('/');
      // Later sections of one file win over earlier ones.
      for (const s of facts.editorconfig.sections) if (editor === undefined && s.maxLineLength !== undefined && s.glob.test(rel)) editor = s.maxLineLength;
      editorDone = editor !== undefined || facts.editorconfig.root;
    }
    if (prettier !== undefined && (editorDone || prettier !== null)) break;
    const parent = path.dirname(dir);
    if (facts.repositoryRoot || parent === dir) break;
    dir = parent;
  }
  return prettier ?? editor ?? (prettier === null ? PRETTIER_DEFAULT : DEFAULT_LINE_WIDTH);
}

function factsOf(dir: string): DirFacts {
  let facts = cache.get(dir);
  if (!facts) {
    // Every file looked for, found or not: one created later, or changed, changes the width.
    const looked: string[] = [];
    const read = (file: string) => {
      looked.push(file);
      lookedAt(file);
      try {
        return fs.readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    };
    const git = path.join(dir, '.git');
    lookedFor(git);
    facts = { repositoryRoot: fs.existsSync(git), prettier: prettierIn(dir, read), editorconfig: editorconfigIn(dir, read), looked };
    cache.set(dir, facts);
  } else {
    // A run that records what it looked at (the cache) sees these whether they were read now or before.
    lookedFor(path.join(dir, '.git'));
    for (const p of facts.looked) lookedAt(p);
  }
  return facts;
}

type Read = (file: string) => string | undefined;

/** The printWidth of the directory's Prettier configuration (null: it has one without printWidth; undefined: none). */
function prettierIn(dir: string, read: Read): number | null | undefined {
  for (const name of PRETTIER_FILES) {
    const text = read(path.join(dir, name));
    if (text === undefined) continue;
    const m = PRINT_WIDTH.exec(text);
    return m ? Number(m[1]) : null;
  }
  const pkg = read(path.join(dir, 'package.json'));
  if (pkg === undefined) return undefined;
  try {
    const config = (JSON.parse(pkg) as { prettier?: unknown }).prettier;
    if (config === undefined) return undefined;
    const width = typeof config === 'object' && config !== null ? (config as { printWidth?: unknown }).printWidth : undefined;
    return typeof width === 'number' ? width : null;
  } catch {
    return undefined;
  }
}

/** The sections of the directory's .editorconfig, last first (a later section overrides an earlier one). */
function editorconfigIn(dir: string, read: Read): DirFacts['editorconfig'] {
  const text = read(path.join(dir, '.editorconfig'));
  if (text === undefined) return undefined;
  let root = false;
  const sections: { glob: RegExp; maxLineLength?: number }[] = [];
  let current: { glob: RegExp; maxLineLength?: number } | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.*)\]$/.exec(line);
    if (header) {
      current = { glob: editorconfigGlob(header[1]) };
      sections.push(current);
      continue;
    }
    const kv = /^([\w-]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!kv) continue;
    const [key, value] = [kv[1].toLowerCase(), kv[2].toLowerCase()];
    if (!current && key === 'root') root = value === 'true';
    else if (current && key === 'max_line_length' && /^\d+$/.test(value)) current.maxLineLength = Number(value);
  }
  return { root, sections: sections.reverse() };
}

/**
 * An EditorConfig section glob as a regular expression over the path relative to the .editorconfig: `*`, `**`, `?`,
 * `[...]`, `{a,b}` whose alternatives are globs themselves (`{Makefile,*.mk}`). A glob it cannot read matches nothing:
 * a stray .editorconfig never stops a scan.
 */
export function editorconfigGlob(glob: string): RegExp {
  const out = globSource(glob);
  try {
    // A glob without a slash matches the file name in any directory.
    return new RegExp(glob.includes('/') ? `^${out.replace(/^\\\//, '')}$` : `(?:^|/)${out}$`);
  } catch {
    return /(?!)/;
  }
}

function globSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[' && glob.indexOf(']', i + 1) > i + 1) {
      const end = glob.indexOf(']', i + 1);
      const body = glob.slice(i + 1, end);
      const negated = body.startsWith('!');
      out += `[${negated ? '^' : ''}${(negated ? body.slice(1) : body).replace(/[\\^]/g, '\\$&')}]`;
      i = end;
    } else if (c === '{') {
      const end = closingBrace(glob, i);
      if (end < 0) out += '\\{';
      else {
        out += `(?:${splitTopLevel(glob.slice(i + 1, end)).map(globSource).join('|')})`;
        i = end;
      }
    } else out += escape(c);
  }
  return out;
}

/** The index of the `}` that closes the `{` at `open`, counting nested braces; -1 when none does. */
function closingBrace(glob: string, open: number): number {
  for (let i = open + 1, depth = 1; i < glob.length; i++) {
    if (glob[i] === '{') depth++;
    else if (glob[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** `a,{b,c},d` split at its top-level commas. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '{') depth++;
    else if (list[i] === '}') depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(from, i));
      from = i + 1;
    }
  }
  return [...parts, list.slice(from)];
}

const escape = (s: string) => s.replace(/[.+^${}()|[\]\\/]/g, '\\$&');
