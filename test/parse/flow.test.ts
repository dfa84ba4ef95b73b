// Flow-typed JavaScript: parsed by Babel's flow plugin (a pragma, or a .js file only Flow reads), never reported as unparsable.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import { hasFlowPragma, oxcRefuses, parseSource, parseSourceWithBabel } from '../../src/parse';
import { analyze } from '../../src/engine/analyze';
import { applyEdits } from '../../src/fix/object-edit';

const FIXTURES = path.resolve(__dirname, '../../test-fixtures/transient-nonexclusive-queue');
const typesOf = (text: string, file: string) => {
  const parsed = parseSource(text, file);
  if (!parsed.ok) throw new Error(`${parsed.error.message} at ${parsed.error.line}:${parsed.error.column}`);
  return parsed.ast.program.body.map((s) => s.type);
};

it('reads the @flow and @noflow pragmas only in the comments before the first statement', () => {
  expect(hasFlowPragma('// @flow\nconst a = 1;')).toBe(true);
  expect(hasFlowPragma('#!/usr/bin/env node\n/**\n * Worker.\n * @flow strict\n */\n')).toBe(true);
  expect(hasFlowPragma('/* @noflow */ module.exports = 1;')).toBe(true);
  expect(hasFlowPragma('const a = 1; // @flow')).toBe(false);
  expect(hasFlowPragma('// @flowtype is not a pragma\n')).toBe(false);
});

it('parses a file with a Flow pragma, which oxc refuses outright', () => {
  const text = '// @flow\nimport type { Channel } from "amqplib";\ntype Opts = {| durable: boolean |};\nexport function f(ch: Channel, o: ?Opts): void {}\n';
  expect(oxcRefuses(text, 'worker.js')).toBe(true);
  expect(typesOf(text, 'worker.js')).toEqual(['ImportDeclaration', 'TypeAlias', 'ExportNamedDeclaration']);
});

it('parses Flow types in a .js file without a pragma, and keeps the plain JavaScript error for a file neither reads', () => {
  expect(typesOf('function listen(url: string, cb: (err: ?Error) => void): void {}\n', 'listen.js')).toEqual(['FunctionDeclaration']);
  const broken = parseSource('const a = ;\n', 'broken.js');
  expect(broken).toMatchObject({ ok: false, error: { message: 'Unexpected token', line: 1, column: 11 } });
  // A Flow enum (`enum` is reserved in JavaScript): oxc and plain Babel refuse it, Babel's flow plugin reads it.
  expect(parseSourceWithBabel('enum E { A }\n', 'e.js').ok).toBe(false);
  expect(oxcRefuses('enum E { A }\n', 'e.js')).toBe(true);
  expect(typesOf('enum E { A }\n', 'e.js')).toEqual(['EnumDeclaration']);
  // TypeScript files never get Flow: the two plugins exclude each other, and a .ts file is TypeScript.
  expect(parseSource('// @flow\nconst a: ?string = null;\n', 'a.ts').ok).toBe(false);
});

it('analyses a Flow worker (no parse error) and its fixed text parses again, as Flow', () => {
  for (const name of ['amqplib-flow-worker.input.js', 'amqplib-flow-no-pragma.input.js']) {
    const file = path.join(FIXTURES, name);
    const text = fs.readFileSync(file, 'utf8');
    const [result] = analyze([{ path: name, text, absolute: file }], { target: '4.3', cwd: FIXTURES, followImports: false }).files;
    expect(result.status, result.error?.message).toBe('analysed');
    expect(result.findings.map((f) => f.ruleId).sort()).toEqual(['auto-ack-consumer', 'transient-nonexclusive-queue']);
    const fixed = applyEdits(text, result.edits);
    expect(fixed).not.toBe(text);
    expect(typesOf(fixed, name).length).toBe(typesOf(text, name).length);
  }
});
