// The keys a function reads from one of its parameters, when that is all it does with it: `opts.durable`, a
// destructuring (`{ durable, exclusive }`, in the parameter list or of the parameter). Any other use hands the whole
// object on (a spread, an argument, a field, a return), so no key can be said to stop there.
import type * as t from '@babel/types';
import { memberName, propertyKeyName, type Node } from '../parse/ast';
import type { FileContext } from './file-context';

const WRAPPERS = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'TypeCastExpression', 'ParenthesizedExpression']);
const COMPARISONS = new Set(['===', '!==', '==', '!=']);

/** The keys `fn` reads from its parameter at `index`, or undefined when it may hand the object on whole (or reads a key it computes). */
export function keysReadFromParam(ctx: FileContext, fn: t.Function, index: number): Set<string> | undefined {
  const param = fn.params[index];
  if (!param || param.type === 'RestElement') return undefined;
  const inner = param.type === 'TSParameterProperty' ? undefined : param.type === 'AssignmentPattern' ? param.left : param;
  if (inner?.type === 'ObjectPattern') return patternKeys(inner);
  if (inner?.type !== 'Identifier') return undefined;
  const keys = new Set<string>();
  for (const ref of referencesOf(ctx, fn, inner)) {
    const read = keysAt(ctx, ref);
    if (!read) return undefined;
    for (const k of read) keys.add(k);
  }
  return usesArgumentsObject(ctx, fn) ? undefined : keys;
}

/** Whether `fn` uses its parameter at `index` once, handing it whole as an argument of `call`. */
export function passesParamOnce(ctx: FileContext, fn: t.Function, index: number, call: Node): boolean {
  const param = fn.params[index];
  const id = param?.type === 'AssignmentPattern' ? param.left : param;
  if (id?.type !== 'Identifier') return false;
  const refs = referencesOf(ctx, fn, id);
  return refs.length === 1 && ctx.file.parentOf(outermost(ctx, refs[0])) === call && !usesArgumentsObject(ctx, fn);
}

/** The keys a destructuring pattern takes; undefined with a rest element (`...rest` keeps the others). */
function patternKeys(pattern: t.ObjectPattern): Set<string> | undefined {
  const keys = new Set<string>();
  for (const p of pattern.properties) {
    if (p.type === 'RestElement') return undefined;
    const key = propertyKeyName(p);
    if (key === undefined) return undefined;
    keys.add(key);
  }
  return keys;
}

/** The identifiers in `fn` (its body and the defaults of later parameters) that read the parameter `id`. */
function referencesOf(ctx: FileContext, fn: t.Function, id: t.Identifier): Node[] {
  const out: Node[] = [];
  for (const n of ctx.file.nodesUnder(fn)) {
    if (n.type !== 'Identifier' || n === id || n.name !== id.name || !isReference(ctx, n)) continue;
    if (ctx.resolver.scopes.lookup(n.name, n)?.id === id) out.push(n);
  }
  return out;
}

/** An identifier that names a value (not a property key, a member's name or a label). */
function isReference(ctx: FileContext, n: Node): boolean {
  const parent = ctx.file.parentOf(n);
  if (!parent) return true;
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && parent.property === n && !parent.computed) return false;
  if ((parent.type === 'ObjectProperty' || parent.type === 'ClassProperty' || parent.type === 'ObjectMethod' || parent.type === 'ClassMethod') && parent.key === n && !parent.computed && !(parent.type === 'ObjectProperty' && parent.shorthand)) return false;
  return !(parent.type === 'LabeledStatement' || parent.type === 'BreakStatement' || parent.type === 'ContinueStatement');
}

/** The expression a reference stands in once value-preserving wrappers (`as`, `!`, parentheses) are added. */
function outermost(ctx: FileContext, ref: Node): Node {
  let cur = ref;
  for (let p = ctx.file.parentOf(cur); p && WRAPPERS.has(p.type); p = ctx.file.parentOf(cur)) cur = p;
  return cur;
}

/**
 * What one reference of the object reads: a member's key, the keys of a destructuring, nothing for a test of the object
 * itself (`if (opts)`, `typeof opts`, `opts === undefined`, `opts && ...`) or a reassignment's target; undefined for a
 * use that may hand it on.
 */
function keysAt(ctx: FileContext, ref: Node): string[] | undefined {
  let cur = outermost(ctx, ref);
  let parent = ctx.file.parentOf(cur);
  // `opts || {}`, `opts ?? {}`: the same object, or an empty one.
  while (parent?.type === 'LogicalExpression' && parent.left === cur && parent.operator !== '&&' && unwrapped(parent.right).type === 'ObjectExpression' && !(unwrapped(parent.right) as t.ObjectExpression).properties.length) {
    cur = outermost(ctx, parent);
    parent = ctx.file.parentOf(cur);
  }
  if (!parent) return undefined;
  switch (parent.type) {
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      if (parent.object !== cur) return undefined;
      const key = memberName(parent);
      return key === undefined ? undefined : [key];
    }
    case 'VariableDeclarator':
      return parent.init === cur && parent.id.type === 'ObjectPattern' ? listOf(patternKeys(parent.id)) : undefined;
    case 'AssignmentExpression':
      // `opts = opts || {}` gives it itself again; any other value written to it is read through the same keys.
      if (parent.left === cur || (parent.right === cur && parent.left.type === 'Identifier' && ref.type === 'Identifier' && parent.left.name === ref.name)) return [];
      return parent.right === cur && parent.left.type === 'ObjectPattern' ? listOf(patternKeys(parent.left)) : undefined;
    case 'UnaryExpression':
      return parent.operator === 'typeof' || parent.operator === '!' ? [] : undefined;
    case 'BinaryExpression':
      return COMPARISONS.has(parent.operator) ? [] : undefined;
    case 'LogicalExpression':
      return parent.left === cur && parent.operator === '&&' ? [] : undefined;
    case 'IfStatement':
    case 'ConditionalExpression':
      return parent.test === cur ? [] : undefined;
    default:
      return undefined;
  }
}

const unwrapped = (n: Node): Node => (WRAPPERS.has(n.type) ? unwrapped((n as { expression: Node }).expression) : n);
const listOf = (keys: Set<string> | undefined) => (keys ? [...keys] : undefined);

/** A non-arrow function that reads `arguments`: its parameters may be handed on through it. */
function usesArgumentsObject(ctx: FileContext, fn: t.Function): boolean {
  if (fn.type === 'ArrowFunctionExpression') return false;
  return ctx.file.nodesUnder(fn.body).some((n) => n.type === 'Identifier' && n.name === 'arguments' && isReference(ctx, n));
}
