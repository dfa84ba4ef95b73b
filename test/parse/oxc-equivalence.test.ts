import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { oxcLangOf, parseSource, parseSourceWithBabel, parseSourceWithOxc, SOURCE_EXTENSIONS } from '../../src/parse';
import { oxcParser, oxcResult } from '../../src/parse/oxc';
import { astDifferences } from './ast-difference';
import { TORTURE } from './syntax-torture';

const root = path.resolve(__dirname, '../..');

/** Both parsers' verdicts on one text: the same tree after normalisation, or both refuse. */
function differences(text: string, file: string): string[] {
  const babel = parseSourceWithBabel(text, file);
  const oxc = parseSourceWithOxc(text, file);
  if (!babel.ok || !oxc) return babel.ok === !!oxc ? [] : [`babel ok ${babel.ok}, oxc ok ${!!oxc}`];
  return astDifferences(oxc.ok && oxc.ast, babel.ast);
}

/** The source files below `dir`, sorted; below node_modules folders too with `dependencies`. */
function sourceFiles(dir: string, dependencies = false): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if ((dependencies || entry.name !== 'node_modules') && entry.name !== '.git') out.push(...sourceFiles(full, dependencies));
    } else if (SOURCE_EXTENSIONS.some((ext) => entry.name.endsWith(ext))) out.push(full);
  }
  return out.sort();
}

it('loads the native oxc binding on this machine (else every comparison below compares Babel with Babel)', () => {
  expect(oxcParser()?.parseSync).toBeTypeOf('function');
});

it("hands the tree over through oxc's raw transfer where the runtime has it (Node 22+), else as JSON", () => {
  // CI runs the suite on Node 20 and Node 24: the comparisons below hold for both transfers.
  expect(oxcParser()?.raw).toBe(Number(process.versions.node.split('.')[0]) >= 22);
});

const corpus = path.join(root, 'bench/corpus');

/**
 * oxc's errors for a text Babel accepts. The kinds expected: a class method implemented twice
 * (TypeScript's error TS2393, which oxc's semantic checks report and Babel does not), and in a
 * `.d.ts` file a function, constructor or accessor declared without a body.
 */
function oxcOnlyErrors(text: string, file: string): string[] {
  return oxcResult(oxcParser()!, text, oxcLangOf(file), file.endsWith('.cjs') ? 'script' : 'unambiguous').errors.map((e) => e.message);
}
const BABEL_ALLOWS = /^(?:Identifier `[\w$]+` has already been declared|Function implementation is missing or not immediately following the declaration\.|Constructor implementation is missing\.|Getters and setters must have an implementation\.)$/;

/**
 * Every file of a list whose trees differ, with its first differences; a file only oxc refuses is
 * listed unless oxc's complaints are all of the kinds expected (then Babel's tree is used, as parseSource shows).
 */
function filesThatDiffer(files: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const found = differences(text, file);
    if (found[0] === 'babel ok false, oxc ok true' && babelRefusesValidTypeScript(text, file)) continue;
    if (found[0] === 'babel ok true, oxc ok false') {
      const errors = oxcOnlyErrors(text, file);
      const babel = parseSourceWithBabel(text, file);
      const viaDefault = parseSource(text, file);
      const expected = errors.length > 0 && errors.every((e) => BABEL_ALLOWS.test(e));
      if (expected && babel.ok && viaDefault.ok && astDifferences(viaDefault.ast, babel.ast).length === 0) continue;
      found.push(...errors);
    }
    if (found.length) out.push(`${path.relative(root, file)}: ${found.slice(0, 3).join('; ')}`);
  }
  return out;
}

/**
 * Babel refuses `export { name }` of a namespace import inside `declare module '...' {}` ("Export
 * 'name' is not defined."): valid TypeScript (@types/node's timers.d.ts), which oxc accepts. The
 * one known text Babel refuses and the oxc path parses.
 */
function babelRefusesValidTypeScript(text: string, file: string): boolean {
  const babel = parseSourceWithBabel(text, file);
  return !babel.ok && /^Export '[\w$]+' is not defined\.$/.test(babel.error.message) && /declare module ['"]/.test(text);
}

describe('the oxc path gives Babel\'s tree', () => {
  it('for every source file of test-fixtures/', () => {
    const files = sourceFiles(path.join(root, 'test-fixtures'));
    expect(files.length).toBeGreaterThan(100);
    expect(filesThatDiffer(files)).toEqual([]);
  });

  it('for every file of the dense benchmark corpus and every fifth of the sparse one', () => {
    if (!fs.existsSync(path.join(corpus, 'dense'))) execFileSync(process.execPath, [path.join(root, 'bench/generate-corpus.mjs')], { cwd: root });
    const dense = sourceFiles(path.join(corpus, 'dense'));
    const sparse = sourceFiles(path.join(corpus, 'sparse')).filter((_, i) => i % 5 === 0);
    expect(dense.length).toBe(1200);
    expect(sparse.length).toBeGreaterThan(500);
    expect(filesThatDiffer([...dense, ...sparse])).toEqual([]);
  });

  it('for every fourth source file of node_modules (real code neither parser\'s authors wrote for this test)', () => {
    const files = sourceFiles(path.join(root, 'node_modules'), true).filter((file, i) => i % 4 === 0 && fs.statSync(file).size < 400_000);
    expect(files.length).toBeGreaterThan(1000);
    expect(filesThatDiffer(files)).toEqual([]);
  });

  it('for a slice parsed at its place in the file (the language server\'s incremental parse)', () => {
    const text = "import amqp from 'amqplib';\n// setup\nconst ch = await amqp.connect();\nawait ch.assertQueue('q', { durable: true }); /* end */\n";
    const index = text.indexOf('const');
    const at = { index, line: 3, column: 0, module: true };
    const babel = parseSourceWithBabel(text.slice(index), 'slice.ts', at);
    const oxc = parseSourceWithOxc(text.slice(index), 'slice.ts', at);
    expect(babel.ok && oxc?.ok).toBe(true);
    expect(astDifferences(oxc!.ok && oxc!.ast, babel.ok && babel.ast)).toEqual([]);
    expect(oxc!.ok && oxc!.ast.program.body[0].start).toBe(index);
  });

  it.each(TORTURE)('syntax torture: $name', ({ name, code }) => {
    expect(parseSourceWithBabel(code, name).ok).toBe(true);
    expect(differences(code, name)).toEqual([]);
  });
});

/** Texts oxc refuses and Babel accepts: the oxc path gives up, and parseSource returns Babel's tree. */
const OXC_REFUSES_BABEL_ACCEPTS = [
  { name: 'script-return-await.js', code: 'if (!ready) return;\nawait ready();\n' },
  { name: 'method-implemented-twice.ts', code: 'class A {\n  m(): number { return 1; }\n  m(): number { return 2; }\n}\n' },
];

describe('where oxc refuses a text Babel accepts, Babel decides', () => {
  it.each(OXC_REFUSES_BABEL_ACCEPTS)('$name', ({ name, code }) => {
    const babel = parseSourceWithBabel(code, name);
    expect(babel.ok).toBe(true);
    expect(parseSourceWithOxc(code, name)).toBeUndefined();
    expect(parseSource(code, name)).toEqual(babel);
  });
});

it('parses what Babel wrongly refuses: an export of a namespace import in `declare module`', () => {
  const code = "declare module 'timers' {\n  import * as promises from 'node:timers/promises';\n  export { promises };\n}\n";
  expect(parseSourceWithBabel(code, 'timers.d.ts')).toMatchObject({ ok: false, error: { message: "Export 'promises' is not defined." } });
  expect(babelRefusesValidTypeScript(code, 'timers.d.ts')).toBe(true);
  expect(parseSource(code, 'timers.d.ts').ok).toBe(true);
});

/** Texts Babel (with parseSource's options) refuses: oxc must refuse them too. */
const INVALID = [
  { name: 'redeclared-let.ts', code: 'let x = 1;\nlet x = 2;\n' },
  { name: 'redeclared-class.js', code: 'class A {}\nclass A {}\n' },
  { name: 'const-without-value.js', code: 'const a;\n' },
  { name: 'unclosed-call.ts', code: 'channel.assertQueue("q", {\n' },
  { name: 'dangling-operator.js', code: 'const a = 1 +;\n' },
  { name: 'break-outside-loop.js', code: 'break;\n' },
  { name: 'duplicate-label.js', code: 'a: a: ;\n' },
  { name: 'import-in-script.cjs', code: "import x from 'x';\n" },
  { name: 'with-in-module.mjs', code: "import a from 'a';\nwith (a) {}\n" },
  { name: 'new-target-outside-function.js', code: 'new.target;\n' },
  { name: 'super-outside-class.js', code: 'super();\n' },
  { name: 'jsx-in-ts.ts', code: 'const a = <div>x</div>;\n' },
  { name: 'assign-to-optional-chain.ts', code: 'a?.b = 1;\n' },
  { name: 'strict-duplicate-params.js', code: "function f(a, a) { 'use strict'; }\n" },
  { name: 'export-undeclared.mjs', code: 'export { missing };\n' },
  { name: 'undeclared-private-name.ts', code: 'class A { m() { return this.#y; } }\n' },
  { name: 'await-in-plain-function.mjs', code: 'export function f() { await x; }\n' },
  { name: 'let-named-let.mjs', code: 'let let = 1;\n' },
  { name: 'octal-in-module.mjs', code: 'export const a = 010;\n' },
  { name: 'unterminated-string.ts', code: "const a = 'x;\n" },
  { name: 'unterminated-template.ts', code: 'const a = `x${b;\n' },
  { name: 'bad-regex-flags.js', code: 'const r = /a/gg;\n' },
  { name: 'duplicate-export.mjs', code: 'export const a = 1;\nexport { a };\n' },
  { name: 'duplicate-proto.js', code: 'x = { __proto__: 1, __proto__: 2 };\n' },
  { name: 'getter-with-param.ts', code: 'class A { get x(v) { return 1; } }\n' },
  { name: 'rest-not-last.js', code: 'function f(...a, b) {}\n' },
  { name: 'decorator-on-function.ts', code: '@dec function f() {}\n' },
];

describe('error parity: a text Babel refuses, oxc refuses', () => {
  it.each(INVALID)('$name', ({ name, code }) => {
    const babel = parseSourceWithBabel(code, name);
    expect(babel.ok).toBe(false);
    expect(parseSourceWithOxc(code, name)).toBeUndefined();
    // The error (message, line, column) is Babel's, as it was before oxc.
    expect(parseSource(code, name)).toEqual(babel);
  });
});
