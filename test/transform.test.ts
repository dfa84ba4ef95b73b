import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, fixture, project, read, ROOT } from './helpers';

const JSCODESHIFT = path.join(ROOT, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js');
const TRANSFORM = path.join(ROOT, 'transforms', 'rabbitmq4.js');

function jscodeshift(dir: string, ...args: string[]) {
  // CI=true makes jscodeshift's colour library emit escape codes: ask for plain text, and strip any left.
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  const r = spawnSync(process.execPath, [JSCODESHIFT, '-t', TRANSFORM, '--extensions=ts,js', ...args], { cwd: dir, encoding: 'utf8', env });
  const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
  return { ...r, stdout: plain(r.stdout), stderr: plain(r.stderr) };
}

describe('transforms/rabbitmq4.js through jscodeshift', () => {
  it('applies the same rewrites as the CLI, byte for byte', () => {
    const cases = [
      ['transient-nonexclusive-queue', 'amqplib-named'],
      ['transient-nonexclusive-queue', 'acm-setup'],
      ['quorum-queue-invalid-property', 'amqplib-temporary'],
      ['queue-argument-not-supported', 'amqplib-quorum'],
    ];
    const files = Object.fromEntries(cases.map(([rule, name]) => [`${rule}-${name}.ts`, fixture(rule, `${name}.input.ts`)]));
    const dir = project({ ...files, 'untouched.ts': "import amqp from 'amqplib';\nexport const q = (ch: amqp.Channel) => ch.assertQueue('ok');\n" });
    const r = jscodeshift(dir, '--parser=ts', '.');
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

  it('fails the run on a file that makes it throw (with --fail-on-error), and leaves that file alone', () => {
    const broken = "import amqp from 'amqplib';\nconst x = {;\n";
    const good = fixture('transient-nonexclusive-queue', 'amqplib-named.input.ts');
    const dir = project({ 'broken.ts': broken, 'good.ts': good });
    const r = jscodeshift(dir, '--fail-on-error', '.');
    expect(r.status).toBe(1);
    expect(r.stdout + r.stderr).toContain('cannot parse broken.ts: Unexpected token (2:12)');
    expect(r.stdout).toMatch(/1 errors\s+0 unmodified\s+0 skipped\s+1 ok/);
    expect(read(dir, 'broken.ts')).toBe(broken);
    expect(read(dir, 'good.ts')).toBe(fixture('transient-nonexclusive-queue', 'amqplib-named.output.ts'));

    // jscodeshift decides its exit code: without --fail-on-error it is 0, so the error says how to get 1.
    const lax = jscodeshift(dir, 'broken.ts');
    expect(lax.status).toBe(0);
    expect(lax.stdout).toContain('jscodeshift exits 0 after transform errors unless it is given --fail-on-error');
    // A bad option is an error too, not a silent no-op.
    const badTarget = jscodeshift(dir, '--fail-on-error', '--target=3.13', 'good.ts');
    expect(badTarget.status).toBe(1);
    expect(badTarget.stdout).toContain('--target must be one of 4.0, 4.1, 4.2, 4.3 (got 3.13)');
  });

  it('follows imports through tsconfig paths (TypeScript loads in the worker thread, out of reach of jscodeshift\'s Babel hook)', () => {
    const app = `import amqp from 'amqplib';
import { QUORUM } from '@lib/queues';
export async function main(ch: amqp.Channel) {
  await ch.assertQueue('orders', { arguments: { ...QUORUM, 'x-max-priority': 10 } });
}
`;
    const files = {
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } } }\n',
      'src/lib/queues.ts': "export const QUORUM = { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 };\n",
      'src/app.ts': app,
    };
    // The quorum type comes from the aliased module: only through it is x-max-priority refused (and removed).
    const fixed = app.replace(", 'x-max-priority': 10 }", ' }');
    for (const args of [['--parser=ts'], ['--parser=tsx'], ['--parser=flow'], [], ['--no-babel'], ['--run-in-band']]) {
      const dir = project(files);
      const r = jscodeshift(dir, '--fail-on-error', ...args, 'src');
      expect(r.status, `${args.join(' ')}\n${r.stdout}${r.stderr}`).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(/0 errors\s+0 unmodified\s+1 skipped\s+1 ok/);
      expect(read(dir, 'src/app.ts'), args.join(' ')).toBe(fixed);
      // The CLI makes the same edit.
      if (!args.length) {
        const again = project(files);
        expect(cli(again, 'fix', '.', '--write', '--allow-dirty').code).toBe(0);
        expect(read(again, 'src/app.ts')).toBe(fixed);
      }
    }
  });

  it('reports a rewrite whose edit belongs in another file instead of dropping it', () => {
    const dir = project({
      'src/options.ts': 'export const OPTS = { durable: false };\n',
      'src/app.ts': "import amqp from 'amqplib';\nimport { OPTS } from './options';\nexport const q = (ch: amqp.Channel) => ch.assertQueue('orders', OPTS);\n",
    });
    const r = jscodeshift(dir, '--fail-on-error', 'src/app.ts');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('src/options.ts: 1 edit(s) of a rewrite for src/app.ts belong in this file, which a jscodeshift transform cannot write: run `rabbitmq4-codemod fix` to apply them');
    expect(read(dir, 'src/options.ts')).toBe('export const OPTS = { durable: false };\n');
  });
});
