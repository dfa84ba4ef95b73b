import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, project, read, ROOT } from './helpers';

const JSCODESHIFT = path.join(ROOT, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js');
const TRANSFORM = path.join(ROOT, 'transforms', 'rabbitmq4.ts');

function jscodeshift(dir: string, ...args: string[]) {
  // CI=true makes jscodeshift's colour library emit escape codes: ask for plain text, and strip any left.
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  const r = spawnSync(process.execPath, [JSCODESHIFT, '-t', TRANSFORM, '--parser=ts', '--extensions=ts,js', ...args], { cwd: dir, encoding: 'utf8', env });
  const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
  return { ...r, stdout: plain(r.stdout), stderr: plain(r.stderr) };
}

describe('transforms/rabbitmq4.ts through jscodeshift', () => {
  it('applies the same rewrites as the CLI, byte for byte', () => {
    const cases = [
      ['transient-nonexclusive-queue', 'amqplib-named'],
      ['transient-nonexclusive-queue', 'acm-setup'],
      ['quorum-queue-invalid-property', 'amqplib-temporary'],
      ['queue-argument-not-supported', 'amqplib-quorum'],
    ];
    const files = Object.fromEntries(cases.map(([rule, name]) => [`${rule}-${name}.ts`, fixture(rule, `${name}.input.ts`)]));
    const dir = project({ ...files, 'untouched.ts': "import amqp from 'amqplib';\nexport const q = (ch: amqp.Channel) => ch.assertQueue('ok');\n" });
    const r = jscodeshift(dir, '.');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/0 errors\s+0 unmodified\s+1 skipped\s+4 ok/);
    for (const [rule, name] of cases) expect(read(dir, `${rule}-${name}.ts`)).toBe(fixture(rule, `${name}.output.ts`));
  });

  it('honours --target and --safeOnly', () => {
    const input = fixture('deprecated-queue-argument', 'amqplib-classic.input.ts');
    const dir = project({ 'a.ts': input });
    expect(jscodeshift(dir, '--safeOnly=true', 'a.ts').status).toBe(0);
    expect(read(dir, 'a.ts')).toBe(fixture('deprecated-queue-argument', 'amqplib-safe-only.output.ts'));
  });

  it('reports a file that does not parse as an error and leaves it alone', () => {
    const broken = "import amqp from 'amqplib';\nconst x = {;\n";
    const dir = project({ 'broken.ts': broken });
    const r = jscodeshift(dir, '--fail-on-error', 'broken.ts');
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('cannot parse broken.ts');
    expect(fs.readFileSync(path.join(dir, 'broken.ts'), 'utf8')).toBe(broken);
  });
});
