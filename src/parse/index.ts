// Parses a source file (oxc, with Babel as the fallback and the judge of errors) or a JSON file.
import type { ParserPlugin } from '@babel/parser';
import { babelParser } from './babel-parser';
import { parseJson } from './json';
import { oxcParser, oxcResult, parseWithOxc, type OxcLang } from './oxc';
import type { ParseError, ParseResult } from './parse-result';

export type { ParseError, ParseResult };

export type Dialect = 'ts' | 'tsx' | 'js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'] as const;

export function dialectOf(path: string): Dialect {
  if (/\.(ts|mts|cts)$/.test(path)) return 'ts';
  if (path.endsWith('.tsx')) return 'tsx';
  return 'js';
}

/**
 * oxc's language for a file: as Babel's plugins for its dialect (JSX in JS too). A `.d.ts` file is
 * TypeScript, as for Babel (oxc's 'dts' would accept declarations Babel refuses there).
 */
export function oxcLangOf(path: string): OxcLang {
  const dialect = dialectOf(path);
  return dialect === 'js' ? 'jsx' : dialect;
}

const COMMON: ParserPlugin[] = [
  'decorators-legacy',
  'decoratorAutoAccessors',
  'explicitResourceManagement',
  'importAttributes',
  'classProperties',
  'topLevelAwait',
];

function pluginsFor(dialect: Dialect, flow = false): ParserPlugin[] {
  if (dialect === 'ts') return [...COMMON, 'typescript'];
  if (dialect === 'tsx') return [...COMMON, 'typescript', 'jsx'];
  return flow ? [...COMMON, 'jsx', 'flow'] : [...COMMON, 'jsx'];
}

/**
 * A JavaScript file marked as Flow: an `@flow` or `@noflow` pragma in the comments before its first
 * statement. oxc (0.159) refuses such a file outright ("Flow is not supported"), so Babel's flow plugin
 * parses it directly.
 */
export function hasFlowPragma(text: string): boolean {
  const leading = /^(?:\uFEFF)?(?:#![^\n]*\n)?(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/.exec(text)?.[0] ?? '';
  return /@(?:no)?flow\b/.test(leading);
}

/**
 * JSON files are read only as client configuration (a rascal topology: an object with "vhosts"
 * holding "queues"). Any other JSON (package.json, tsconfig.json, lock files) is never parsed.
 */
export function isJsonPath(path: string): boolean {
  return path.endsWith('.json');
}

export function looksLikeJsonConfig(text: string): boolean {
  return /"vhosts"\s*:\s*\{/.test(text) && /"(?:queues|exchanges)"\s*:\s*[{[]/.test(text);
}

/** Where a slice of a file starts (0-based offset and column, 1-based line), and whether the file is a module. */
export interface SliceStart {
  index: number;
  line: number;
  column: number;
  module: boolean;
}

/** `at`: `text` is a slice of the file starting there; its nodes get the file's offsets, lines and columns. */
export function parseSource(text: string, path: string, at?: SliceStart): ParseResult {
  if (isJsonPath(path)) return parseJsonConfig(text);
  const javascript = dialectOf(path) === 'js';
  if (javascript && hasFlowPragma(text)) return parseSourceWithBabel(text, path, at, true);
  if (chosenParser() === 'oxc') {
    // oxc refuses a file: Babel decides (it may accept it, as it did before), and words the error.
    const viaOxc = parseSourceWithOxc(text, path, at);
    if (viaOxc) return viaOxc;
  }
  const parsed = parseSourceWithBabel(text, path, at);
  if (parsed.ok || !javascript) return parsed;
  // Flow without a pragma (types in a .js file): Babel's flow plugin may read what plain JavaScript cannot.
  // A file neither reads keeps the plain JavaScript error, the one its author expects.
  const asFlow = parseSourceWithBabel(text, path, at, true);
  return asFlow.ok ? asFlow : parsed;
}

/**
 * oxc unless RABBITMQ4_CODEMOD_PARSER=babel (Babel too when oxc's binding cannot be loaded here).
 * oxc needs no JIT warm-up: cold, it parses the dense benchmark corpus in ~25% less time than Babel
 * (JSON transfer and conversion included; bench/parsers.mjs), and opens a file in the language
 * server in about half the time.
 */
function chosenParser(): 'oxc' | 'babel' {
  return process.env.RABBITMQ4_CODEMOD_PARSER === 'babel' ? 'babel' : 'oxc';
}

/** True when files are parsed natively (oxc), without a JIT warm-up for every thread that parses. */
export function parsesNatively(): boolean {
  return chosenParser() === 'oxc' && oxcParser() !== undefined;
}

function sourceTypeOf(path: string, at: SliceStart | undefined): 'module' | 'script' | 'unambiguous' {
  return at?.module ? 'module' : /\.cjs$/.test(path) ? 'script' : 'unambiguous';
}

const FILE_START = { index: 0, line: 1, column: 0 };

/**
 * Babel's tree of a source file through oxc; undefined when oxc refuses the text, cannot be loaded
 * here, or its tree is too deep to convert (the recursive walk runs out of stack: Babel then decides).
 */
export function parseSourceWithOxc(text: string, path: string, at?: SliceStart): ParseResult | undefined {
  const oxc = oxcParser();
  if (!oxc) return undefined;
  try {
    const ast = parseWithOxc(oxc, text, oxcLangOf(path), sourceTypeOf(path, at), at ?? FILE_START);
    return ast && { ok: true, ast };
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

/**
 * oxc's verdict alone, without building a tree: true when oxc refuses the text (parseSource would
 * then ask Babel), or when it cannot be used here (Babel is the parser). About 1 ms for a broken file.
 */
export function oxcRefuses(text: string, path: string): boolean {
  const oxc = chosenParser() === 'oxc' ? oxcParser() : undefined;
  return !oxc || oxcResult(oxc, text, oxcLangOf(path), sourceTypeOf(path, undefined)).errors.length > 0;
}

/** `flow`: with Babel's flow plugin (JavaScript only: it cannot be combined with TypeScript). */
export function parseSourceWithBabel(text: string, path: string, at?: SliceStart, flow = false): ParseResult {
  const dialect = dialectOf(path);
  const sourceType = sourceTypeOf(path, at);
  try {
    const ast = babelParser().parse(text, {
      ...(at ? { startIndex: at.index, startLine: at.line, startColumn: at.column } : {}),
      sourceType,
      plugins: pluginsFor(dialect, flow),
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      allowImportExportEverywhere: false,
      errorRecovery: false,
      // Comments are read from `ast.comments`; attaching them to nodes is work nobody uses.
      attachComment: false,
      tokens: false,
      ranges: false,
    });
    return { ok: true, ast };
  } catch (e) {
    const err = e as Error & { loc?: { line: number; column: number } };
    const message = err.message.replace(/\s*\(\d+:\d+\)\s*$/, '');
    return { ok: false, error: { message, line: err.loc?.line ?? 1, column: (err.loc?.column ?? 0) + 1 } };
  }
}

/** A JSON configuration file: strict JSON (so a fix can never write anything else), as a Babel AST. */
function parseJsonConfig(text: string): ParseResult {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    const before = text.slice(0, at ? Number(at[1]) : 0).split(/\r\n|\r|\n/);
    return { ok: false, error: { message: `invalid JSON: ${message}`, line: before.length, column: before[before.length - 1].length + 1 } };
  }
  return parseJson(text);
}
