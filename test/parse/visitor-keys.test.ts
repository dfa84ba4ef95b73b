import { describe, expect, it } from 'vitest';
import { parse } from '@babel/parser';
import { VISITOR_KEYS } from '../../src/parse/visitor-keys';
import { childrenOf, type Node } from '../../src/parse/ast';

describe('visitor keys', () => {
  it('is the table scripts/generate-visitor-keys.mjs writes from the installed @babel/types', async () => {
    // @ts-expect-error: a plain ES module script without types
    const { walkedKeys } = await import('../../scripts/generate-visitor-keys.mjs');
    expect(VISITOR_KEYS).toEqual(walkedKeys());
  });

  it('finds every child a walk over all fields finds, in source order, type annotations left out', () => {
    const source = [
      "import amqp, { type Channel } from 'amqplib' with { type: 'json' };",
      '@Injectable() class Q<T> extends Base<T> implements I { #ch?: Channel; constructor(private readonly url: string = "x") { super(); }',
      '  @Sub({ queue: `q-${1}` }) async handle(msg: { a: number }, [a, ...rest]: number[] = []): Promise<void> { label: for (const x of rest) { if (x?.y!) break label; } } }',
      'export const opts = { durable: false, ...base, get x() { return 1; }, [k]: v } satisfies Options;',
      'export default async function* gen() { yield* other(); await import("./x"); }',
      'enum E { A = 1, B }; namespace N { export const z = <const>[1n, /re/g]; }',
    ].join('\n');
    const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'decorators-legacy', 'importAttributes'] });
    let visited = 0;
    const walk = (node: Node): void => {
      visited++;
      expect(childrenOf(node)).toEqual(everyChildByFields(node));
      for (const child of childrenOf(node)) walk(child);
    };
    walk(ast.program);
    expect(visited).toBeGreaterThan(100);
  });
});

const NOT_CHILDREN = new Set(['loc', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'typeAnnotation', 'returnType', 'typeParameters', 'superTypeParameters', 'typeArguments']);

function everyChildByFields(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (NOT_CHILDREN.has(key) || typeof value !== 'object' || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) if (item && typeof item.type === 'string') out.push(item);
  }
  return out.sort((a, b) => a.start! - b.start!);
}
