/**
 * Regenerates the expected .output and .findings.json of every fixture from the current engine.
 * Review the resulting `git diff test-fixtures` line by line before committing: it is the spec.
 * Run: npm run fixtures:update (vitest runs this file with vitest.update.config.ts).
 * FIXTURES=<text> regenerates only the fixtures whose `<rule>/<name>` contains <text>.
 */
import * as fs from 'node:fs';
import { it } from 'vitest';
import { fixtureCases, findingsPath, outputPath, runFixture, storedFindings } from '../test/fixture-cases';

it('regenerates the fixture expectations', () => {
for (const c of fixtureCases().filter((x) => `${x.rule}/${x.name}`.includes(process.env.FIXTURES ?? ''))) {
  const input = fs.readFileSync(c.input, 'utf8');
  const { result, output } = runFixture(c, input);
  fs.writeFileSync(findingsPath(c), `${JSON.stringify(storedFindings(result), null, 2)}\n`);
  if (output !== input) fs.writeFileSync(outputPath(c), output);
  else if (fs.existsSync(outputPath(c))) fs.unlinkSync(outputPath(c));
  console.log(`${c.rule}/${c.name}: ${result.findings.length} findings${output !== input ? ', rewritten' : ''}${result.status !== 'analysed' ? ` (${result.status})` : ''}`);
}
});
