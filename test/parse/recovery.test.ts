// Error recovery's building blocks: blanking, the statements around an edit, chunks, where the code is broken.
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/parse';
import { blank, brokenAt, recoverWithoutTree, type Region } from '../../src/parse/recover';
import { statementRegionsAround } from '../../src/parse/statement-regions';

const FILE = '/w/worker.ts';
const parse = (text: string) => parseSource(text, FILE);
const SERVICE = `import type { Channel } from 'amqplib';

export class Worker {
  constructor(private readonly ch: Channel) {}

  async start(): Promise<void> {
    await this.ch.assertQueue('jobs', { durable: true });
    await this.ch.prefetch(10);
  }
}

export const RETRY = { durable: true };
`;
const offsetOf = (text: string, what: string) => text.indexOf(what);
const sliceOf = (text: string, r: Region) => text.slice(r.start, r.end);
const treeOf = (text: string) => {
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.ast;
};

describe('blank', () => {
  it('replaces every character of the regions but line breaks by a space: offsets, lines and columns stay', () => {
    const text = 'a = 1;\r\nb = (2;\u2028c = 3;\n';
    const out = blank(text, [{ start: text.indexOf('b'), end: text.indexOf('c') }]);
    expect(out).toBe('a = 1;\r\n       \u2028c = 3;\n');
    expect(out.length).toBe(text.length);
  });
});

describe('statementRegionsAround', () => {
  it('lists the statements an edit is in, innermost first: the statement, the class member, the top-level declaration', () => {
    const at = offsetOf(SERVICE, 'durable: true });');
    const regions = statementRegionsAround(treeOf(SERVICE), at, at + 4);
    expect(regions.map((r) => sliceOf(SERVICE, r).split('\n')[0])).toEqual([
      "await this.ch.assertQueue('jobs', { durable: true });",
      'async start(): Promise<void> {',
      'export class Worker {',
    ]);
  });

  it('gives an edit between two statements itself (not its neighbours), and one that touches a statement that statement too', () => {
    const ast = treeOf(SERVICE);
    const gap = offsetOf(SERVICE, '    await this.ch.prefetch');
    expect(statementRegionsAround(ast, gap, gap)[0]).toEqual({ start: gap, end: gap });
    const edge = offsetOf(SERVICE, 'await this.ch.prefetch');
    expect(sliceOf(SERVICE, statementRegionsAround(ast, edge, edge)[0])).toBe('await this.ch.prefetch(10);');
  });
});

describe('recoverWithoutTree', () => {
  it('leaves out the lines of a merge conflict, one region each, and parses the rest', () => {
    const text = SERVICE.replace('    await this.ch.prefetch(10);\n', '<<<<<<< HEAD\n    await this.ch.prefetch(10);\n=======\n    await this.ch.prefetch(20);\n>>>>>>> feature\n');
    const first = parse(text);
    if (first.ok) throw new Error('the conflicted text parses');
    const recovered = recoverWithoutTree(text, first.error, parse);
    if (!('ast' in recovered)) throw new Error(`not recovered: ${JSON.stringify(recovered)}`);
    expect(recovered.regions.map((r) => sliceOf(text, r))).toEqual(['<<<<<<< HEAD\n', '=======\n', '>>>>>>> feature\n']);
    expect(recovered.regions[0].error.offset).toBe(text.indexOf('<<<<<<<'));
    const full = parse(blank(text, recovered.regions));
    expect(full.ok && full.ast.program.body.length).toBe(recovered.ast.program.body.length);
  });

  it('leaves out the top-level statement of a half-typed line and places the error on that line', () => {
    const text = SERVICE.replace('    await this.ch.prefetch(10);\n', "    await this.ch.assertQueue('retry', { durable: \n    await this.ch.prefetch(10);\n");
    const first = parse(text);
    if (first.ok) throw new Error('the half-typed text parses');
    const recovered = recoverWithoutTree(text, first.error, parse);
    if (!('ast' in recovered)) throw new Error('not recovered');
    expect(recovered.regions.map((r) => sliceOf(text, r).split('\n')[0])).toEqual(['export class Worker {']);
    expect(recovered.regions[0].error.offset).toBe(text.indexOf('durable: \n') + 'durable:'.length);
    expect(recovered.ast.program.body.map((s) => s.type)).toEqual(['ImportDeclaration', 'ExportNamedDeclaration']);
  });
});

describe('brokenAt', () => {
  it('is the parser position when it is on the broken line, the end of that line otherwise, the parser position without one', () => {
    const text = 'const a = {;\n';
    expect(brokenAt(text, { start: 0, end: text.length }, 11, parse)).toBe(11);
    // `{ durable: ` takes the next statement as its value: the parser stops at that statement's `;`.
    const half = "async function f(ch) {\n  await ch.assertQueue('a', { durable: \n  await ch.prefetch(1);\n}\n";
    expect(brokenAt(half, { start: 0, end: half.length }, half.indexOf(';'), parse)).toBe(half.indexOf('durable:') + 'durable:'.length);
    // A block never closed: the line that opens it.
    const unclosed = 'function f() {\n  g();\n';
    expect(brokenAt(unclosed, { start: 0, end: unclosed.length }, unclosed.length, parse)).toBe(unclosed.indexOf('{') + 1);
    // No line whose removal helps: where the parser stopped, inside the region.
    const two = 'f(;\ng(;\n';
    expect(brokenAt(two, { start: 0, end: two.length }, 2, parse)).toBe(2);
  });
});
