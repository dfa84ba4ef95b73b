/**
 * Regenerates the expected .output and .findings.json of every fixture from the current engine.
 * Review the resulting `git diff test-fixtures` line by line before committing: it is the spec.
 * Run: npm run fixtures:update (vitest runs this file with vitest.update.config.ts).
 * FIXTURES=<text> regenerates only the fixtures whose `<rule>/<name>` contains <text>; the sample project's
 * plan (test/plan, `plan/<file>`) is printed by the built CLI: run `npm run build` first.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { it } from 'vitest';
import { fixtureCases, findingsPath, outputPath, runFixture, storedFindings } from '../test/fixture-cases';
import { PLAN_CASES, PLAN_DIR, runPlanCase } from '../test/plan/cases';

it('regenerates the fixture expectations', () => {
  for (const c of fixtureCases().filter((x) => `${x.rule}/${x.name}`.includes(process.env.FIXTURES ?? ''))) {
    const run = runFixture(c);
    fs.writeFileSync(findingsPath(c), `${JSON.stringify(storedFindings(run.findings), null, 2)}\n`);
    const changed = [...run.outputs].some(([p, text]) => run.inputs.get(p) !== text);
    fs.rmSync(outputPath(c), { recursive: true, force: true });
    if (changed && c.ext) fs.writeFileSync(outputPath(c), run.outputs.values().next().value!);
    if (changed && !c.ext) {
      for (const [p, text] of run.outputs) {
        fs.mkdirSync(path.dirname(path.join(outputPath(c), p)), { recursive: true });
        fs.writeFileSync(path.join(outputPath(c), p), text);
      }
    }
    const status = run.results.filter((r) => r.status === 'parse-error').length ? ' (parse errors)' : '';
    console.log(`${c.rule}/${c.name}: ${run.findings.length} findings${changed ? ', rewritten' : ''}${status}`);
  }
});

it('regenerates the expected plan of the sample project (test/plan, with the built CLI)', () => {
  for (const c of PLAN_CASES.filter((x) => `plan/${x.name}`.includes(process.env.FIXTURES ?? ''))) {
    const r = runPlanCase(c.args);
    if (r.stderr) throw new Error(`plan ${c.args.join(' ')}: ${r.stderr}`);
    fs.writeFileSync(path.join(PLAN_DIR, c.name), r.stdout);
    console.log(`plan/${c.name}: exit ${r.code}`);
  }
});
