/**
 * Where the tree of the oxc path differs from Babel's, after a normalisation that names every field
 * it lets differ. A field set to `undefined` counts as absent (the engine reads both alike).
 */

/** Fields Babel writes that the oxc path does not, and why nothing needs them. */
export const BABEL_ONLY_FIELDS: Record<string, string> = {
  loc: 'lines and columns of nodes: the engine computes them from offsets and drops `loc` (src/parse/ast.ts); comments keep theirs',
  errors: 'File.errors: always empty without errorRecovery',
};

/** Babel-only keys inside `extra`, and why nothing needs them. */
export const BABEL_ONLY_EXTRA: Record<string, string> = {
  topLevelAwait: 'Program.extra.topLevelAwait: never read',
  trailingComma: 'where a trailing comma is (`<T,>`, `[a,]`): never read (the language server only moves it)',
};

/**
 * Fields oxc writes with an empty default (null, false or []) on nodes where Babel writes none:
 * nothing reads an empty default differently from an absent field.
 */
export const OXC_DEFAULT_FIELDS = new Set<string>([
  'decorators', 'optional', 'typeAnnotation', 'typeParameters', 'returnType', 'directive', 'declare', 'definite', 'abstract',
  'computed', 'readonly', 'static', 'accessibility', 'override', 'global', 'initializer', 'constraint', 'default',
  'in', 'out', 'const', 'attributes', 'selfClosing', 'implements', 'extends', 'qualifier',
  'phase', 'exported', 'declaration',
]);

const isEmptyDefault = (v: unknown) => v === null || v === false || (Array.isArray(v) && v.length === 0);

type Json = Record<string, unknown>;

export function astDifferences(oxc: unknown, babel: unknown, limit = 40): string[] {
  const out: string[] = [];
  compare(oxc, babel, '', out, limit);
  return out;
}

function compare(a: unknown, b: unknown, path: string, out: string[], limit: number): void {
  if (out.length >= limit) return;
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    if (String(a) !== String(b)) out.push(`${path}: oxc ${String(a)} babel ${String(b)}`);
    return;
  }
  if (a instanceof RegExp || b instanceof RegExp) {
    if (String(a) !== String(b)) out.push(`${path}: oxc ${String(a)} babel ${String(b)}`);
    return;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    if (!Object.is(a, b)) out.push(`${path}: oxc ${show(a)} babel ${show(b)}`);
    return;
  }
  if (Array.isArray(a) !== Array.isArray(b)) {
    out.push(`${path}: oxc ${Array.isArray(a) ? 'array' : 'object'} babel ${Array.isArray(b) ? 'array' : 'object'}`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: oxc length ${a.length} babel ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) compare(a[i], b[i], `${path}[${i}]`, out, limit);
    return;
  }
  const x = a as Json;
  const y = b as Json;
  const where = typeof y.type === 'string' ? `${path}<${y.type}>` : path;
  const inExtra = path.endsWith('.extra');
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const key of keys) {
    const oxcValue = x[key];
    const babelValue = y[key];
    if (key === 'loc' && !isComment(y)) continue;
    if (key === 'extra' && oxcValue === undefined && Object.keys(babelValue as Json).every((k) => k in BABEL_ONLY_EXTRA)) continue;
    if (oxcValue === undefined && babelValue !== undefined) {
      if (key in BABEL_ONLY_FIELDS || (inExtra && key in BABEL_ONLY_EXTRA)) continue;
      out.push(`${where}.${key}: only Babel has it (${show(babelValue)})`);
    } else if (babelValue === undefined && oxcValue !== undefined) {
      if (OXC_DEFAULT_FIELDS.has(key) && isEmptyDefault(oxcValue)) continue;
      out.push(`${where}.${key}: only oxc has it (${show(oxcValue)})`);
    } else {
      compare(oxcValue, babelValue, `${where}.${key}`, out, limit);
    }
    if (out.length >= limit) return;
  }
}

function show(value: unknown): string {
  return (JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v)) ?? 'undefined').slice(0, 100);
}

const isComment = (node: Json) => node.type === 'CommentLine' || node.type === 'CommentBlock';
