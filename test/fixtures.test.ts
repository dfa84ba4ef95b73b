import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../src/parse';
import { analyze } from '../src/engine/analyze';
import { applyEdits } from '../src/fix/object-edit';
import { ALL_RULES } from '../src/rules';
import { fixtureCases, findingsPath, outputPath, runFixture, storedFindings } from './fixture-cases';

const cases = fixtureCases();

describe('fixtures', () => {
  it('exist for every rule, each with a positive and a negative case', () => {
    for (const rule of ALL_RULES) {
      const mine = cases.filter((c) => c.rule === rule.meta.id);
      const positive = mine.filter((c) => JSON.parse(fs.readFileSync(findingsPath(c), 'utf8')).some((f: { ruleId: string }) => f.ruleId === rule.meta.id));
      const negative = mine.filter((c) => !JSON.parse(fs.readFileSync(findingsPath(c), 'utf8')).some((f: { ruleId: string }) => f.ruleId === rule.meta.id));
      expect(positive.length, `${rule.meta.id}: positive fixtures`).toBeGreaterThan(0);
      expect(negative.length, `${rule.meta.id}: negative fixtures`).toBeGreaterThan(0);
    }
  });

  for (const c of cases) {
    describe(`${c.rule}/${c.name}`, () => {
      const input = fs.readFileSync(c.input, 'utf8');
      const { result, output } = runFixture(c, input);

      it('parses', () => {
        expect(result.status, result.error?.message).toBe('analysed');
      });

      it('reports exactly the expected findings', () => {
        const expected = JSON.parse(fs.readFileSync(findingsPath(c), 'utf8'));
        expect(storedFindings(result)).toEqual(expected);
      });

      it('rewrites to exactly the expected output', () => {
        const expected = fs.existsSync(outputPath(c)) ? fs.readFileSync(outputPath(c), 'utf8') : input;
        expect(output).toBe(expected);
      });

      it('produces output that parses, and a second fix changes nothing', () => {
        expect(parseSource(output, c.input).ok).toBe(true);
        const again = analyze([{ path: 'again.' + c.ext, text: output }], c.options).files[0];
        expect(applyEdits(output, again.edits)).toBe(output);
        expect(again.findings.filter((f) => f.fix.kind === 'rewrite')).toEqual([]);
      });
    });
  }
});
