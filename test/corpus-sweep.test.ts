import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import { analyze } from '../src/engine/analyze';
import { applyEdits } from '../src/fix/object-edit';
import { isSourceFile } from '../src/discover';
import { unusableContent } from '../src/engine/project';

const NODE_MODULES = path.join(__dirname, '..', 'node_modules');

function sourcesUnder(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) sourcesUnder(abs, out);
    else if (e.isFile() && isSourceFile(e.name)) out.push(abs);
  }
  return out;
}

it('runs over every TS/JS file of node_modules (real code it did not write) without an exception', () => {
  const files = sourcesUnder(NODE_MODULES);
  expect(files.length).toBeGreaterThan(1000);
  let parsed = 0;
  let parseErrors = 0;
  let skipped = 0;
  let findings = 0;
  const started = Date.now();
  for (let i = 0; i < files.length; i += 100) {
    const inputs = files.slice(i, i + 100).flatMap((absolute) => {
      const buf = fs.readFileSync(absolute);
      if (buf.length > 2 * 1024 * 1024 || unusableContent(buf)) {
        skipped++;
        return [];
      }
      return [{ path: path.relative(NODE_MODULES, absolute), text: buf.toString('utf8'), absolute }];
    });
    // Every file is parsed and modelled, not only those that mention a client.
    const analysis = analyze(inputs, { target: '4.3', parseEverything: true, followImports: false, cwd: NODE_MODULES });
    for (const f of analysis.files) {
      if (f.status === 'parse-error') parseErrors++;
      if (f.status === 'analysed') parsed++;
      findings += f.findings.length;
      // Whatever fix would do must still apply cleanly (no overlapping edits).
      applyEdits(f.text, f.edits);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`corpus sweep: ${files.length} files, ${parsed} parsed, ${parseErrors} parse errors, ${skipped} skipped, ${findings} findings, ${seconds.toFixed(1)} s`);
  expect(parsed + parseErrors + skipped).toBe(files.length);
});
