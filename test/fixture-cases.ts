import * as fs from 'node:fs';
import * as path from 'node:path';
import { analyze, type FileResult } from '../src/engine/analyze';
import { applyEdits } from '../src/fix/object-edit';
import type { AnalyzeOptions } from '../src/engine/options';
import type { Finding } from '../src/model';
import { isSourceFile } from '../src/discover';
import { isDependencyManifest } from '../src/deps';

export const FIXTURES = path.join(__dirname, '..', 'test-fixtures');
const INPUT = /\.input\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

export interface FixtureCase {
  rule: string;
  name: string;
  /** A file, or a directory for a multi-file case (`<name>.input/`). */
  input: string;
  /** The extension of a single-file case; '' for a directory. */
  ext: string;
  dir: string;
  options: AnalyzeOptions;
}

/** Every `<rule>/<client>-<case>.input.<ext>` (or `.input/` directory) under test-fixtures. */
export function fixtureCases(): FixtureCase[] {
  const out: FixtureCase[] = [];
  for (const rule of fs.readdirSync(FIXTURES).sort()) {
    const dir = path.join(FIXTURES, rule);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const entry of fs.readdirSync(dir).sort()) {
      const m = INPUT.exec(entry);
      const isDir = entry.endsWith('.input') && fs.statSync(path.join(dir, entry)).isDirectory();
      if (!m && !isDir) continue;
      const name = m ? entry.slice(0, m.index) : entry.slice(0, -'.input'.length);
      const optionsFile = path.join(dir, `${name}.options.json`);
      const options = fs.existsSync(optionsFile) ? JSON.parse(fs.readFileSync(optionsFile, 'utf8')) : {};
      out.push({ rule, name, input: path.join(dir, entry), ext: m ? m[1] : '', dir, options: { target: '4.3', ...options } });
    }
  }
  return out;
}

export const outputPath = (c: FixtureCase) => path.join(c.dir, c.ext ? `${c.name}.output.${c.ext}` : `${c.name}.output`);
export const findingsPath = (c: FixtureCase) => path.join(c.dir, `${c.name}.findings.json`);

/** Every file under a directory, by path relative to it. */
export function readTree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else out.set(path.relative(root, abs).split(path.sep).join('/'), fs.readFileSync(abs, 'utf8'));
    }
  };
  walk(root);
  return out;
}

export interface FixtureRun {
  results: FileResult[];
  findings: Finding[];
  /** The fixed text of every input file, by relative path. */
  outputs: Map<string, string>;
  inputs: Map<string, string>;
}

/** Analyse a case like `fix` would: a single file, or every file of a directory as one project. */
export function runFixture(c: FixtureCase): FixtureRun {
  // Only the files a run reads: one the project holds for its tools (bun's binary bun.lockb) stays on the disk.
  const inputs = c.ext ? new Map([[path.basename(c.input), fs.readFileSync(c.input, 'utf8')]]) : new Map([...readTree(c.input)].filter(([p]) => isSourceFile(p) || p.endsWith('.json') || isDependencyManifest(p)));
  const cwd = c.ext ? path.dirname(c.input) : c.input;
  const analysis = analyze(
    [...inputs].map(([p, text]) => ({ path: p, text, absolute: path.join(cwd, p) })),
    { ...c.options, cwd, followImports: false },
  );
  const outputs = new Map(inputs);
  for (const r of analysis.files) if (r.edits.length) outputs.set(r.path, applyEdits(r.text, r.edits));
  return { results: analysis.files, findings: analysis.files.flatMap((r) => r.findings), outputs, inputs };
}

/** Findings as stored in .findings.json: the JSON report's fields. */
export function storedFindings(findings: Finding[]): unknown[] {
  return findings.map(({ start: _s, end: _e, anchor: _a, related, fix: { edits: _edits, optIn, ...fix }, ...rest }) => ({
    ...rest,
    ...(related?.length ? { related: related.map(({ start: _rs, end: _re, ...place }) => place) } : {}),
    fix: optIn ? { ...fix, optIn: optIn.description } : fix,
  }));
}
