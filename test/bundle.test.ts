import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, project, ROOT } from './helpers';

/** Relative requires a bundle must not have: each would load a module of dist/ again, beside the bundle's copy. */
const RELATIVE_REQUIRE = /require\(["']\.\.?\//;

describe('the bundled CLI (scripts/bundle.mjs, built by npm run build)', () => {
  it("is what bin/ loads, with V8's code cache beside it from the second run on (the same output either way)", () => {
    expect(fs.readFileSync(path.join(ROOT, 'bin/rabbitmq4-codemod'), 'utf8')).toContain("path.join(__dirname, '..', 'dist', 'bundle', 'cli.js')");
    const cache = path.join(ROOT, 'dist/bundle/cli.js.v8cache');
    const dir = project({ 'a.ts': "import amqp from 'amqplib';\nexport const q = (ch: amqp.Channel) => ch.assertQueue('a', { durable: false });\n" });
    fs.rmSync(cache, { force: true });
    const cold = cli(dir, 'scan', '.', '--format', 'json');
    expect(fs.existsSync(cache)).toBe(true);
    const warm = cli(dir, 'scan', '.', '--format', 'json');
    expect(warm).toEqual(cold);
    // A cache V8 cannot use is ignored and written anew.
    fs.writeFileSync(cache, 'not a code cache');
    expect(cli(dir, 'scan', '.', '--format', 'json')).toEqual(cold);
    expect(fs.readFileSync(cache, 'utf8')).not.toBe('not a code cache');
  });

  it('holds every module of the CLI and of the scan worker, which sits next to it where the engine looks for it', () => {
    for (const file of ['cli.js', 'worker-main.js']) {
      const text = fs.readFileSync(path.join(ROOT, 'dist/bundle', file), 'utf8');
      expect(text).not.toMatch(RELATIVE_REQUIRE);
      expect(text).toContain('prepareAnalysis');
    }
    // The engine finds the worker script next to its own code: dist/engine unbundled, dist/bundle bundled.
    expect(fs.readFileSync(path.join(ROOT, 'src/engine/workers.ts'), 'utf8')).toContain("path.join(__dirname, 'worker-main.js')");
  });
});
