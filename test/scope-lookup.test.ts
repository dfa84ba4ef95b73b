import { describe, expect, it } from 'vitest';
import { parseSource } from '../src/parse';
import { ParsedFile, type Node } from '../src/parse/ast';
import { Scopes } from '../src/resolve/scope';

/** Every way a name is declared, each name used once at the end of the innermost scope that sees it. */
const SOURCE = `
import dflt, { named as renamed } from './a';
import * as ns from './b';
enum Color { Red }
class Klass {}
const { objA, nested: { objB }, ...objRest } = source, [arrA, , arrB = 1, ...arrRest] = list;
let letted = 1;
var hoisted;
export function outer(plain, { destructured }, [arrayed], defaulted = 1, ...rest) {
  const inner = function named() { use(named); };
  const arrow = (arrowParam) => arrowParam;
  for (const forOf of rest) use(forOf);
  for (let forLet = 0; forLet < 1; forLet++) use(forLet);
  try { use(plain); } catch ({ message: caught }) { use(caught); }
  use(dflt, renamed, ns, Color, Klass, objA, objB, objRest, arrA, arrB, arrRest, letted, hoisted, plain, destructured, arrayed, defaulted, rest, inner, arrow);
}
class WithProps { constructor(private readonly injected: string) { use(injected); } }
`;

function usesIn(file: ParsedFile): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const node of file.nodes) {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'use') continue;
    for (const arg of node.arguments) if (arg.type === 'Identifier') out.set(arg.name, arg);
  }
  return out;
}

describe('scope lookups', () => {
  it('find every kind of declaration (the declared-names filter never hides one)', () => {
    const parsed = parseSource(SOURCE, 'src/scopes.ts');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const file = new ParsedFile('src/scopes.ts', SOURCE, parsed.ast);
    const scopes = new Scopes(file);
    const uses = usesIn(file);
    expect(uses.size).toBe(25);
    for (const [name, node] of uses) expect(scopes.lookup(name, node)?.name, name).toBe(name);
    // A name declared nowhere (a global) is not found; nor is one declared only in another function's scope.
    const anyUse = uses.get('plain')!;
    expect(scopes.lookup('JSON', anyUse)).toBeUndefined();
    expect(scopes.lookup('injected', anyUse)).toBeUndefined();
  });
});
