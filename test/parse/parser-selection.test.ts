import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { parseSource } from '../../src/parse';

const root = path.resolve(__dirname, '../..');
const saved = process.env.RABBITMQ4_CODEMOD_PARSER;
afterEach(() => {
  if (saved === undefined) delete process.env.RABBITMQ4_CODEMOD_PARSER;
  else process.env.RABBITMQ4_CODEMOD_PARSER = saved;
});

// Babel gives every node a `loc`; the oxc path gives none (the engine computes lines from offsets).
const parsedByBabel = (text: string, file: string) => {
  const parsed = parseSource(text, file);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.ast.program.body[0].loc !== undefined;
};

it('parses with oxc by default, and with Babel when RABBITMQ4_CODEMOD_PARSER=babel', () => {
  delete process.env.RABBITMQ4_CODEMOD_PARSER;
  expect(parsedByBabel('const a = 1;', 'a.ts')).toBe(false);
  process.env.RABBITMQ4_CODEMOD_PARSER = 'oxc';
  expect(parsedByBabel('const a = 1;', 'a.ts')).toBe(false);
  process.env.RABBITMQ4_CODEMOD_PARSER = 'babel';
  expect(parsedByBabel('const a = 1;', 'a.ts')).toBe(true);
});

it('falls back to Babel, silently, where oxc\'s native binding cannot be loaded', () => {
  // A process in which loading the binding fails, as on a platform without its optional package.
  const script = `
    const Module = require('node:module');
    const load = Module._load;
    let attempts = 0;
    Module._load = function (request, ...rest) {
      if (request.startsWith('oxc-parser')) { attempts++; throw new Error('Cannot find native binding'); }
      return load.call(this, request, ...rest);
    };
    const { parseSource } = require(${JSON.stringify(path.join(root, 'dist/parse'))});
    const first = parseSource('const a = { b: 1 };', 'a.ts');
    const second = parseSource('let x = 1;\\nlet x = 2;', 'b.ts');
    process.stdout.write(JSON.stringify({ attempts, firstOk: first.ok, babelTree: first.ok && first.ast.program.body[0].loc !== undefined, second }));
  `;
  const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  expect(out).toEqual({
    attempts: 1,
    firstOk: true,
    babelTree: true,
    second: { ok: false, error: { message: "Identifier 'x' has already been declared.", line: 2, column: 5 } },
  });
});
