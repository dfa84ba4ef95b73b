import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze, type FileResult } from '../src/engine/analyze';
import { applyEdits } from '../src/fix/object-edit';
import type { AnalyzeOptions } from '../src/engine/options';

export const FIXTURES = path.join(__dirname, '..', 'test-fixtures');
const INPUT = /\.input\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json)$/;

export interface FixtureCase {
  rule: string;
  name: string;
  input: string;
  ext: string;
  dir: string;
  options: AnalyzeOptions;
}

/** Every `<rule>/<client>-<case>.input.<ext>` under test-fixtures. */
export function fixtureCases(): FixtureCase[] {
  const out: FixtureCase[] = [];
  for (const rule of fs.readdirSync(FIXTURES).sort()) {
    const dir = path.join(FIXTURES, rule);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      const m = INPUT.exec(file);
      if (!m) continue;
      const name = file.slice(0, m.index);
      const optionsFile = path.join(dir, `${name}.options.json`);
      const options = fs.existsSync(optionsFile) ? JSON.parse(fs.readFileSync(optionsFile, 'utf8')) : {};
      out.push({ rule, name, input: path.join(dir, file), ext: m[1], dir, options: { target: '4.3', ...options } });
    }
  }
  return out;
}

export const outputPath = (c: FixtureCase) => path.join(c.dir, `${c.name}.output.${c.ext}`);
export const findingsPath = (c: FixtureCase) => path.join(c.dir, `${c.name}.findings.json`);

export function runFixture(c: FixtureCase, text = fs.readFileSync(c.input, 'utf8')): { result: FileResult; output: string } {
  const result = analyze([{ path: path.basename(c.input), text }], c.options).files[0];
  return { result, output: applyEdits(text, result.edits) };
}

/** Findings as stored in .findings.json: the JSON report's fields. */
export function storedFindings(result: FileResult): unknown[] {
  return result.findings.map(({ start: _s, end: _e, anchor: _a, fix: { edits: _edits, optIn, ...fix }, ...rest }) => ({ ...rest, fix: optIn ? { ...fix, optIn: optIn.description } : fix }));
}
