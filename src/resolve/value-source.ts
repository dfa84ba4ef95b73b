// Where a value the code leaves to run time comes from, as a reviewer reads it: the expression as written, the
// place it is set, and what decides it (an environment variable and its default, a configuration key, a lookup,
// a template's known parts, a parameter and what its callers pass). Plain JavaScript only: no library's syntax.
import type * as t from '@babel/types';
import { isCall, memberName, paramIdentifier, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { Span, ValueSource } from '../model';
import { Scopes } from './scope';

export type { ValueSource };

/** The consumer's call (or the call of a helper it is read through): whose arguments may fill in the parameters a source names. */
export interface SourceSite {
  file: ParsedFile;
  at: { start: number; end: number };
}

const MAX = 120;
const CONVERSIONS = new Set(['parseInt', 'parseFloat', 'Number', 'String', 'Number.parseInt', 'Number.parseFloat', 'Math.floor', 'Math.max', 'Math.trunc', 'Math.round']);
const CONFIG_METHODS = new Set(['get', 'getOrThrow', 'getString', 'getNumber', 'getInt', 'getValue', 'getConfig', 'getEnv', 'env', 'value']);

/** The source of the value written at `origin`, or undefined when the span is no expression of a parsed file. */
export function valueSource(origin: Span | undefined, fileOf: (path: string) => ParsedFile | undefined, site?: SourceSite): ValueSource | undefined {
  if (!origin) return undefined;
  const file = fileOf(origin.file);
  const found = file?.nodeAt(origin);
  if (!file || !found) return undefined;
  const written = widen(file, found);
  const place = file.lines.position(written.start ?? 0);
  const out: ValueSource = { kind: 'expression', expression: shorten(file.source(written)), file: origin.file, line: place.line, description: '' };
  const variable = assignedTo(file, written);
  if (variable) out.variable = variable;
  classify(file, written, out, site);
  out.description = sentence(out);
  return out;
}

/** From the part the resolver stopped at to the whole expression written there: fallbacks, conditions, templates, conversions. */
function widen(file: ParsedFile, node: Node): Node {
  let cur = node;
  for (let parent = file.parentOf(cur); parent; parent = file.parentOf(cur)) {
    const p = parent;
    const up =
      (p.type === 'LogicalExpression' && (p.operator === '||' || p.operator === '??')) ||
      p.type === 'ConditionalExpression' ||
      p.type === 'TemplateLiteral' ||
      p.type === 'TSAsExpression' ||
      p.type === 'TSNonNullExpression' ||
      p.type === 'TSSatisfiesExpression' ||
      p.type === 'ParenthesizedExpression' ||
      (p.type === 'UnaryExpression' && p.operator === '+') ||
      (p.type === 'CallExpression' && p.arguments[0] === cur && CONVERSIONS.has(file.source(p.callee)));
    if (!up) break;
    cur = p;
  }
  return cur;
}

function assignedTo(file: ParsedFile, node: Node): string | undefined {
  const parent = file.parentOf(node);
  if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'AssignmentExpression' && parent.right === node) return shorten(file.source(parent.left), 60);
  if ((parent?.type === 'ClassProperty' || parent?.type === 'ObjectProperty') && parent.value === node && !parent.computed && parent.key.type === 'Identifier') return parent.key.name;
  return undefined;
}

/** Fills in the kind, name, fallback and template of the expression. */
function classify(file: ParsedFile, node: Node, out: ValueSource, site: SourceSite | undefined, depth = 0): void {
  const n = unwrap(node);
  if (depth > 4) return;
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
    const right = unwrap(n.right);
    if (isLiteral(right)) out.fallback ??= file.source(right);
    classify(file, n.left, out, site, depth + 1);
    if (!isLiteral(right) && out.kind === 'expression') classify(file, n.right, out, site, depth + 1);
    return;
  }
  if (n.type === 'ConditionalExpression') {
    const [a, b] = [unwrap(n.consequent), unwrap(n.alternate)];
    const literal = isLiteral(b) ? b : isLiteral(a) ? a : undefined;
    if (literal) out.fallback ??= file.source(literal);
    const other = literal === b ? a : b;
    out.kind = 'condition';
    out.name = shorten(file.source(other), 60);
    if (!literal) return;
    // The branch that is not the fallback: what it reads (an environment variable, a parameter) names the condition better.
    const inner: ValueSource = { ...out, kind: 'expression', name: undefined };
    classify(file, other, inner, site, depth + 1);
    if (inner.kind !== 'expression') Object.assign(out, { name: inner.name, callers: inner.callers });
    return;
  }
  if (n.type === 'UnaryExpression' && n.operator === '+') return classify(file, n.argument, out, site, depth + 1);
  if (isCall(n) && n.arguments[0] && CONVERSIONS.has(file.source(n.callee))) return classify(file, n.arguments[0] as Node, out, site, depth + 1);
  const env = environmentName(file, n);
  if (env) {
    out.kind = 'environment';
    out.name = env;
    return;
  }
  if (n.type === 'TemplateLiteral') {
    out.kind = 'template';
    const filled = fillTemplate(file, n, site);
    out.template = filled.text;
    if (filled.callers.length) out.callers = filled.callers;
    const envs = n.expressions.map((e) => environmentName(file, unwrap(e as Node))).filter((e): e is string => !!e);
    if (envs.length) out.name = envs.join(', ');
    return;
  }
  if (isCall(n)) {
    const method = n.callee.type === 'MemberExpression' || n.callee.type === 'OptionalMemberExpression' ? memberName(n.callee) : undefined;
    const key = n.arguments[0] ? unwrap(n.arguments[0] as Node) : undefined;
    const keyText = key && (key.type === 'StringLiteral' ? key.value : key.type === 'TemplateLiteral' ? fillTemplate(file, key, site) : undefined);
    if (method && CONFIG_METHODS.has(method) && keyText !== undefined) {
      out.kind = 'config';
      if (typeof keyText === 'string') out.name = keyText;
      else {
        out.name = keyText.text;
        if (keyText.callers.length) out.callers = keyText.callers;
      }
      if (n.arguments[1] && isLiteral(unwrap(n.arguments[1] as Node))) out.fallback ??= file.source(n.arguments[1] as Node);
      return;
    }
    out.kind = 'lookup';
    out.name = shorten(file.source(n), 80);
    return;
  }
  if (n.type === 'Identifier' || n.type === 'MemberExpression' || n.type === 'SpreadElement') {
    const root = rootIdentifier(n.type === 'SpreadElement' ? unwrap(n.argument) : n);
    const binding = root && new Scopes(file).lookup(root.name, root);
    if (binding?.kind === 'param' && binding.fn) {
      out.kind = 'parameter';
      out.name = `${shorten(file.source(n.type === 'SpreadElement' ? n.argument : n), 60)} (parameter of ${fnLabel(file, binding.fn)})`;
      const param = binding.fn.params[binding.paramIndex ?? -1];
      if (param?.type === 'AssignmentPattern' && isLiteral(unwrap(param.right))) out.fallback ??= file.source(param.right);
      const callers = callersOf(file, binding.fn, binding.paramIndex ?? -1, site);
      if (callers.length) out.callers = callers;
      return;
    }
    if (binding && (binding.kind === 'const' || binding.kind === 'let' || binding.kind === 'var') && binding.init && n.type === 'Identifier') {
      out.variable ??= n.name;
      const initLine = file.lines.position(binding.init.start ?? 0).line;
      const inner: ValueSource = { ...out, kind: 'expression' };
      classify(file, binding.init, inner, site, depth + 1);
      // `const { prefetchCount } = config.get('rabbitmq')`: the key is rabbitmq.prefetchCount.
      const path = binding.path.filter((k) => k !== '...');
      if (inner.kind === 'config' && inner.name && path.length === binding.path.length && path.length) inner.name = `${inner.name}.${path.join('.')}`;
      if (inner.kind !== 'expression') Object.assign(out, inner, { expression: shorten(file.source(binding.init)), line: initLine });
      return;
    }
    out.name = shorten(file.source(n), 60);
  }
}

/** `process.env.X`, `process.env['X']`: X. */
function environmentName(file: ParsedFile, n: Node): string | undefined {
  if (n.type !== 'MemberExpression' && n.type !== 'OptionalMemberExpression') return undefined;
  const object = unwrap(n.object);
  if (file.source(object).replace(/\s|\?/g, '') !== 'process.env') return undefined;
  if (!n.computed && n.property.type === 'Identifier') return n.property.name;
  return n.property.type === 'StringLiteral' ? n.property.value : undefined;
}

/** A template's text, its parameters filled in with what the site's call of the function passes (as literal strings). */
function fillTemplate(file: ParsedFile, n: t.TemplateLiteral, site: SourceSite | undefined): { text: string; callers: { file: string; line: number; passes: string }[] } {
  let text = n.quasis[0].value.raw;
  const callers: { file: string; line: number; passes: string }[] = [];
  n.expressions.forEach((e, i) => {
    const expr = unwrap(e as Node);
    let part = `\${${file.source(e as Node)}}`;
    const binding = expr.type === 'Identifier' ? new Scopes(file).lookup(expr.name, expr) : undefined;
    if (binding?.kind === 'param' && binding.fn) {
      const given = callersOf(file, binding.fn, binding.paramIndex ?? -1, site);
      callers.push(...given);
      const only = given.length === 1 ? /^(['"`])([^'"`$\\]*)\1$/.exec(given[0].passes) : null;
      if (only) part = only[2];
    }
    text += part + n.quasis[i + 1].value.raw;
  });
  return { text, callers };
}

/**
 * The calls of `fn` whose argument at `index` decides a parameter: the one in the consumer's own call (the site), or else
 * those in the function's file (up to five). Each with its argument as written.
 */
function callersOf(file: ParsedFile, fn: t.Function, index: number, site: SourceSite | undefined): { file: string; line: number; passes: string }[] {
  const name = functionName(file, fn);
  if (!name || index < 0) return [];
  const pick = (f: ParsedFile, calls: Node[]) =>
    calls.flatMap((call) => {
      if (!isCall(call) || calleeName(call) !== name) return [];
      const arg = call.arguments[index];
      const passes = arg ? shorten(f.source(arg as Node), 60) : 'nothing';
      return [{ file: f.path, line: f.lines.position(call.start ?? 0).line, passes }];
    });
  if (site) {
    const at = site.file.nodeAt(site.at);
    const mine = at ? pick(site.file, [at, ...site.file.nodesUnder(at)]) : [];
    if (mine.length) return mine.slice(0, 5);
  }
  return pick(file, file.callsNamed(name)).slice(0, 5);
}

function calleeName(call: t.CallExpression | t.OptionalCallExpression): string | undefined {
  const c = unwrap(call.callee as Node);
  if (c.type === 'Identifier') return c.name;
  return c.type === 'MemberExpression' || c.type === 'OptionalMemberExpression' ? memberName(c) : undefined;
}

/** The name a function is called by: its own, its method key, or the variable it is assigned to. */
function functionName(file: ParsedFile, fn: t.Function): string | undefined {
  if ((fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') && fn.id) return fn.id.name;
  if ((fn.type === 'ClassMethod' || fn.type === 'ObjectMethod' || fn.type === 'ClassPrivateMethod') && fn.key.type === 'Identifier') return fn.key.name;
  const parent = file.parentOf(fn);
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'AssignmentExpression') {
    const left = unwrap(parent.left as Node);
    if (left.type === 'MemberExpression') return memberName(left);
    if (left.type === 'Identifier') return left.name;
  }
  if ((parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty') && parent.key.type === 'Identifier') return parent.key.name;
  return undefined;
}

function fnLabel(file: ParsedFile, fn: t.Function): string {
  const name = functionName(file, fn);
  return name ? `${name}()` : `the function (${fn.params.map((p) => paramIdentifier(p)?.name ?? '…').join(', ')})`;
}

function rootIdentifier(n: Node): t.Identifier | undefined {
  let cur = unwrap(n);
  while (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression') cur = unwrap(cur.object);
  return cur.type === 'Identifier' ? cur : undefined;
}

function isLiteral(n: Node): boolean {
  return n.type === 'StringLiteral' || n.type === 'NumericLiteral' || n.type === 'BooleanLiteral' || (n.type === 'TemplateLiteral' && n.expressions.length === 0);
}

function shorten(text: string, max = MAX): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** One sentence: what decides the value, its fallback, and where it is written. */
function sentence(s: ValueSource): string {
  const where = `${s.file}:${s.line}`;
  const fallback = s.fallback !== undefined ? `, else ${s.fallback}` : '';
  const callers = s.callers?.length ? `; ${s.callers.map((c) => `${c.file}:${c.line} passes ${c.passes}`).join(', ')}` : '';
  const variable = s.variable ? ` (${s.variable})` : '';
  switch (s.kind) {
    case 'environment':
      return `environment variable ${s.name}${fallback}: \`${s.expression}\`${variable} at ${where}`;
    case 'config':
      return `configuration key '${s.name}'${fallback}: \`${s.expression}\`${variable} at ${where}${callers}`;
    case 'lookup':
      return `the result of \`${s.expression}\`${variable} at ${where}`;
    case 'template':
      return `template \`${s.template}\`${s.name ? ` (environment ${s.name})` : ''}${variable} at ${where}${callers}`;
    case 'parameter':
      return `${s.name}${fallback}${variable} at ${where}${callers || '; no call in the analysed code passes it'}`;
    case 'condition':
      return `\`${s.expression}\`${variable}: ${s.name}${fallback} at ${where}${callers}`;
    default:
      return `\`${s.expression}\`${variable} at ${where}`;
  }
}

