// The facts of one file the project index keeps: read from its text once per content, never parsed.

/** What the engine asks the index to look for (the clients' names and call shapes, given from above). */
export interface FactPatterns {
  /** Any client's name (all of `clients` in one pattern): most files fail this one test. */
  any: RegExp;
  /** Each client library and the pattern by which a file's text names it. */
  clients: readonly { name: string; mentions: RegExp }[];
  /** Module specifiers of the libraries whose objects travel between files (by library). */
  packages: readonly { library: string; source: RegExp }[];
  /** A call the supported clients' objects make, on any receiver. */
  callShapes: RegExp;
  /** A prefetch call (`x.prefetch(`, `x.qos(`). */
  prefetch: RegExp;
  /** A NestJS custom provider (`provide:`). */
  provides: RegExp;
  /** An injection by token (`@Inject(TOKEN)`), which the project's providers answer whatever imports say. */
  injects: RegExp;
}

export type FileKind = 'source' | 'json' | 'manifest';

/** A module specifier written in the file (`import ... from 'x'`, `require('x')`, `export * from 'x'`). */
export type Specifier = string;

export interface FileFacts {
  kind: FileKind;
  /** The client libraries the text names (for a manifest: the ones it lists). */
  mentions: string[];
  /** The libraries whose package the text names as a module (a source file's import or require, a manifest's dependency key). */
  packages: string[];
  /** Whether the text has a client's call shapes (sources only). */
  callShapes: boolean;
  /** The line of the first prefetch call (sources only). */
  prefetchLine?: number;
  /** Whether the text writes a NestJS custom provider. */
  provides: boolean;
  /** Whether the text injects by token (`@Inject(...)`): it reads the providers of files it need not import. */
  injects?: boolean;
  /** The module specifiers the file imports, requires or re-exports from (sources only), each once. */
  specifiers: Specifier[];
  /** JSON files and manifests: whether the engine parses it (a client configuration; a manifest listing a watched package). */
  wanted?: boolean;
}

/** Which of the patterns a text may match: those whose literals are in it (index/byte-facts.ts). */
export interface MayMatch {
  mentions: boolean;
  callShapes: boolean;
  provides: boolean;
  injects: boolean;
  /** The text's module specifiers, when they were already found (from its bytes). */
  specifiers?: string[];
}

const ALL: MayMatch = { mentions: true, callShapes: true, provides: true, injects: true };

/** The empty list every file without mentions, packages or specifiers shares (facts are never changed in place). */
export const NONE: string[] = Object.freeze([]) as unknown as string[];

/** Module specifiers of imports, re-exports, requires and dynamic imports, found in the text. */
export const SPECIFIER = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*(['"])([^'"\n]+)\1/g;
/** A quoted string: an import or require specifier, a manifest's dependency key. */
const QUOTED = /['"]([@\w][\w@./-]*)['"]/g;

/** Checks on a JSON file or manifest that need more than the text's patterns (given by the engine). */
export interface KindChecks {
  kindOf(path: string): FileKind;
  /** A JSON file or manifest the engine parses. */
  wanted(path: string, kind: FileKind, text: string): boolean;
}

/**
 * `may`: which patterns the text can match at all (a byte search found their literals, see byte-facts.ts);
 * the others are not run. Default: all.
 */
export function extractFacts(filePath: string, text: string, patterns: FactPatterns, checks: KindChecks, may: MayMatch = ALL): FileFacts {
  const kind = checks.kindOf(filePath);
  const mentions: string[] = [];
  // A JSON file is a client configuration or nothing: it names no library the project uses.
  if (kind !== 'json' && may.mentions && patterns.any.test(text)) for (const c of patterns.clients) if (c.mentions.test(text)) mentions.push(c.name);
  // A manifest names packages as its dependency keys; a source file, as the modules it imports or requires (a string
  // such as `protocol: 'amqp'` names no package).
  const packages = mentions.length && kind !== 'source' ? namedPackages(text, patterns) : NONE;
  const facts: FileFacts = { kind, mentions: mentions.length ? mentions : NONE, packages, callShapes: false, provides: false, specifiers: NONE };
  if (kind !== 'source') {
    facts.wanted = checks.wanted(filePath, kind, text);
    return facts;
  }
  facts.callShapes = may.callShapes && patterns.callShapes.test(text);
  // A prefetch call is a call shape: a file without any has none.
  const prefetch = facts.callShapes ? patterns.prefetch.exec(text) : null;
  if (prefetch) facts.prefetchLine = lineAt(text, prefetch.index);
  facts.provides = may.provides && patterns.provides.test(text);
  if (may.injects && patterns.injects.test(text)) facts.injects = true;
  if (may.specifiers) facts.specifiers = may.specifiers;
  else {
    const seen = new Set<string>();
    SPECIFIER.lastIndex = 0;
    for (let m = SPECIFIER.exec(text); m; m = SPECIFIER.exec(text)) seen.add(intern(m[2]));
    facts.specifiers = seen.size ? [...seen] : NONE;
  }
  if (mentions.length) facts.packages = importedPackages(facts.specifiers, patterns);
  return facts;
}

/**
 * One copy of each specifier: a match is a slice of the file's text and would keep the whole text alive
 * (V8 slices share their parent string), and most specifiers repeat across a project's files.
 */
const INTERNED = new Map<string, string>();

export function intern(s: string): string {
  let kept = INTERNED.get(s);
  if (kept === undefined) {
    kept = Buffer.from(s, 'utf8').toString('utf8');
    INTERNED.set(kept, kept);
  }
  return kept;
}

/** The libraries whose package a source file imports or requires (its specifiers, `amqplib/callback_api` too). */
function importedPackages(specifiers: readonly string[], patterns: FactPatterns): string[] {
  const out = new Set<string>();
  for (const spec of specifiers) for (const s of patterns.packages) if (s.source.test(spec)) out.add(s.library);
  return [...out];
}

function namedPackages(text: string, patterns: FactPatterns): string[] {
  const out = new Set<string>();
  QUOTED.lastIndex = 0;
  for (let m = QUOTED.exec(text); m; m = QUOTED.exec(text)) for (const s of patterns.packages) if (s.source.test(m[1])) out.add(s.library);
  return [...out];
}

/** The 1-based line of an offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Whether a file's facts alone may make it a candidate (the rest are chosen by what they import). */
export function mayBeCandidate(facts: FileFacts): boolean {
  return facts.mentions.length > 0 || facts.callShapes || !!facts.wanted;
}
