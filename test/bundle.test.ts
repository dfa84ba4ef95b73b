import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers';

/** Relative requires a bundle must not have: each would load a module of dist/ again, beside the bundle's copy. */
const RELATIVE_REQUIRE = /require\(["']\.\.?\//;

describe('the bundled CLI (scripts/bundle.mjs, built by npm run build)', () => {
  it('is what bin/ loads', () => {
    expect(fs.readFileSync(path.join(ROOT, 'bin/rabbitmq4-codemod'), 'utf8')).toContain("require('../dist/bundle/cli.js')");
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
