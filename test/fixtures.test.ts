import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../src/parse';
import { analyze } from '../src/engine/analyze';
import { applyEdits } from '../src/fix/object-edit';
import { ALL_RULES } from '../src/rules';
import { isDependencyManifest } from '../src/deps';
import { fixtureCases, findingsPath, outputPath, readTree, runFixture, storedFindings } from './fixture-cases';

const cases = fixtureCases();
const findingsOf = (c: (typeof cases)[number]) => JSON.parse(fs.readFileSync(findingsPath(c), 'utf8')) as { ruleId: string }[];

describe('fixtures', () => {
  it('exist for every rule, each with a positive and a negative case', () => {
    for (const rule of ALL_RULES) {
      const mine = cases.filter((c) => c.rule === rule.meta.id);
      expect(mine.filter((c) => findingsOf(c).some((f) => f.ruleId === rule.meta.id)).length, `${rule.meta.id}: positive fixtures`).toBeGreaterThan(0);
      expect(mine.filter((c) => !findingsOf(c).some((f) => f.ruleId === rule.meta.id)).length, `${rule.meta.id}: negative fixtures`).toBeGreaterThan(0);
    }
  });

  for (const c of cases) {
    describe(`${c.rule}/${c.name}`, () => {
      const run = runFixture(c);

      it('parses', () => {
        for (const r of run.results) expect(r.status, `${r.path}: ${r.error?.message}`).not.toBe('parse-error');
      });

      it('reports exactly the expected findings', () => {
        expect(storedFindings(run.findings)).toEqual(JSON.parse(fs.readFileSync(findingsPath(c), 'utf8')));
      });

      it('rewrites to exactly the expected output', () => {
        const expected = !fs.existsSync(outputPath(c)) ? run.inputs : c.ext ? new Map([[[...run.inputs.keys()][0], fs.readFileSync(outputPath(c), 'utf8')]]) : readTree(outputPath(c));
        expect(Object.fromEntries(run.outputs)).toEqual(Object.fromEntries(expected));
      });

      it('produces output that parses, and a second fix changes nothing', () => {
        const files = [...run.outputs].map(([p, text]) => ({ path: p, text, absolute: `${c.input}/${p}` }));
        for (const f of files) if (!f.path.endsWith('.json') && !isDependencyManifest(f.path)) expect(parseSource(f.text, f.path).ok, f.path).toBe(true);
        const again = analyze(files, { ...c.options, cwd: c.input, followImports: false });
        for (const r of again.files) expect(applyEdits(r.text, r.edits), r.path).toBe(r.text);
        expect(again.files.flatMap((r) => r.findings).filter((f) => f.fix.kind === 'rewrite')).toEqual([]);
      });
    });
  }
});
