import { parse, type ParserPlugin } from '@babel/parser';
import type { File } from '@babel/types';

export type Dialect = 'ts' | 'tsx' | 'js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'] as const;

export function dialectOf(path: string): Dialect {
  if (/\.(ts|mts|cts)$/.test(path)) return 'ts';
  if (path.endsWith('.tsx')) return 'tsx';
  return 'js';
}

const COMMON: ParserPlugin[] = [
  'decorators-legacy',
  'decoratorAutoAccessors',
  'explicitResourceManagement',
  'importAttributes',
  'classProperties',
  'topLevelAwait',
];

function pluginsFor(dialect: Dialect): ParserPlugin[] {
  if (dialect === 'ts') return [...COMMON, 'typescript'];
  if (dialect === 'tsx') return [...COMMON, 'typescript', 'jsx'];
  return [...COMMON, 'jsx'];
}

export interface ParseError {
  message: string;
  line: number;
  column: number;
}

export type ParseResult = { ok: true; ast: File } | { ok: false; error: ParseError };

export function parseSource(text: string, path: string): ParseResult {
  const dialect = dialectOf(path);
  const sourceType = /\.cjs$/.test(path) ? 'script' : 'unambiguous';
  try {
    const ast = parse(text, {
      sourceType,
      plugins: pluginsFor(dialect),
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      allowImportExportEverywhere: false,
      errorRecovery: false,
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
