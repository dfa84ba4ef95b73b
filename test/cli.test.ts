import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../src/rules';
import { cli, project, read } from './helpers';

const WORKER = `import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('jobs', { durable: false });
}
`;
const FIXED = WORKER.replace('durable: false', 'durable: true');
const WORKER_JS = WORKER.replace('url: string', 'url');

describe('scan', () => {
  it('reports findings as JSON (report version 1) and exits 1 on errors', () => {
    const dir = project({ 'src/worker.ts': WORKER, 'src/clean.ts': 'export const x = 1;\n' });
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      version: 1,
      tool: { name: 'rabbitmq4-codemod' },
      target: '4.3',
      summary: { files: 2, parsed: 1, parseErrors: 0, findings: { error: 1, warning: 0, info: 0 } },
      errors: [],
    });
    expect(report.findings).toEqual([
      {
        ruleId: 'transient-nonexclusive-queue',
        severity: 'error',
        file: 'src/worker.ts',
        line: 5,
        column: 43,
        endLine: 5,
        endColumn: 48,
        message: expect.stringContaining("queue 'jobs' is transient"),
        client: 'amqplib',
        queue: 'jobs',
        brokerError: '541 INTERNAL_ERROR - Feature `transient_nonexcl_queues` is deprecated.',
        fix: expect.objectContaining({ kind: 'rewrite', description: 'set durable: true' }),
      },
    ]);
  });

  it('changes severity with --target and honours --fail-on', () => {
    const dir = project({ 'a.ts': WORKER });
    const r = cli(dir, 'scan', '--target', '4.1', '--format', 'json');
    expect(JSON.parse(r.stdout).findings[0].severity).toBe('warning');
    expect(r.code).toBe(0);
    expect(cli(dir, 'scan', '--target', '4.1', '--fail-on', 'warning').code).toBe(1);
    expect(cli(dir, 'scan', '--fail-on', 'never').code).toBe(0);
  });

  it('prints a readable text report with a summary line', () => {
    const dir = project({ 'a.ts': WORKER });
    const r = cli(dir, 'scan');
    expect(r.stdout).toContain("a.ts:5:43  error  queue 'jobs' is transient");
    expect(r.stdout).toContain('fix (rewrite): set durable: true');
    expect(r.stdout).toMatch(/1 files, 1 analysed, 0 parse errors: 1 errors, 0 warnings, 0 info \(target RabbitMQ 4\.3\)/);
    expect(r.stdout).not.toContain('\x1b[');
  });

  it('writes the report to --output', () => {
    const dir = project({ 'a.ts': WORKER });
    expect(cli(dir, 'scan', '--format', 'json', '--output', 'report.json').stdout).toBe('');
    expect(JSON.parse(read(dir, 'report.json')).findings).toHaveLength(1);
  });

  it('lists a file that does not parse in errors and exits 1', () => {
    const dir = project({ 'broken.ts': "import amqp from 'amqplib';\nconst x = {;\n", 'a.ts': WORKER });
    const r = cli(dir, 'scan', '--format', 'json', '--fail-on', 'never');
    const report = JSON.parse(r.stdout);
    expect(report.summary.parseErrors).toBe(1);
    expect(report.errors).toEqual([{ file: 'broken.ts', message: expect.stringMatching(/^cannot parse: /), line: 2, column: 12 }]);
    expect(cli(dir, 'scan').code).toBe(1);
  });

  it('respects .gitignore, skips node_modules, build output and .d.ts, and honours --exclude', () => {
    const dir = project(
      {
        '.gitignore': 'generated/\n',
        'src/a.ts': WORKER,
        'generated/b.ts': WORKER,
        'node_modules/lib/c.js': WORKER,
        'dist/d.js': WORKER,
        'types/e.d.ts': WORKER,
        'legacy/f.mjs': WORKER_JS,
        'legacy/g.cjs': WORKER_JS.replace("import amqp from 'amqplib';", "const amqp = require('amqplib');").replace('export async function', 'async function'),
      },
      { git: true },
    );
    const files = (args: string[]) => JSON.parse(cli(dir, 'scan', '--format', 'json', ...args).stdout).findings.map((f: { file: string }) => f.file);
    expect(files([])).toEqual(['legacy/f.mjs', 'legacy/g.cjs', 'src/a.ts']);
    expect(files(['--exclude', 'legacy/**'])).toEqual(['src/a.ts']);
    expect(files(['src'])).toEqual(['src/a.ts']);
  });

  it('filters rules with --rules', () => {
    const dir = project({ 'a.ts': WORKER });
    expect(JSON.parse(cli(dir, 'scan', '--format', 'json', '--rules', 'queue-argument-not-supported').stdout).findings).toEqual([]);
  });
});

describe('usage errors: one line, exit 2', () => {
  const dir = project({ 'a.ts': WORKER });
  it.each([
    [['scan', '--bogus'], /^rabbitmq4-codemod: unknown option --bogus for 'scan'/],
    [['scan', 'missing-dir'], /^rabbitmq4-codemod: missing-dir: no such file or directory$/],
    [['scan', '--target', '5.0'], /^rabbitmq4-codemod: option --target must be one of 4\.0, 4\.1, 4\.2, 4\.3 \(got '5\.0'\)$/],
    [['scan', '--format'], /^rabbitmq4-codemod: option --format needs a value$/],
    [['scan', '--rules', 'no-such-rule'], /^rabbitmq4-codemod: unknown rule 'no-such-rule'/],
    [['frobnicate'], /^rabbitmq4-codemod: unknown command 'frobnicate'/],
    [['fix', '--write', '--check'], /cannot be combined/],
  ])('%j', (args, message) => {
    const r = cli(dir, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(read(dir, 'a.ts')).toBe(WORKER);
  });
});

describe('fix', () => {
  it('dry run prints a unified diff and a summary, and writes nothing', () => {
    const dir = project({ 'a.ts': WORKER }, { git: true });
    const r = cli(dir, 'fix');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("-  await ch.assertQueue('jobs', { durable: false });\n+  await ch.assertQueue('jobs', { durable: true });");
    expect(r.stdout).toContain('Would change 1 file.');
    expect(r.stdout).toContain('transient-nonexclusive-queue: 1 rewritten');
    expect(r.stdout).toContain('Queues that already exist:');
    expect(read(dir, 'a.ts')).toBe(WORKER);
    expect(fs.readdirSync(dir).sort()).toEqual(['.git', 'a.ts']);
  });

  it('--patch writes a patch that git apply accepts', () => {
    const dir = project({ 'src/a.ts': WORKER }, { git: true });
    expect(cli(dir, 'fix', '--patch', 'out.patch').code).toBe(0);
    expect(read(dir, 'src/a.ts')).toBe(WORKER);
    execFileSync('git', ['apply', 'out.patch'], { cwd: dir });
    expect(read(dir, 'src/a.ts')).toBe(FIXED);
  });

  it('--patch with nothing to change writes no file and says so', () => {
    const dir = project({ 'src/a.ts': FIXED }, { git: true });
    const r = cli(dir, 'fix', '--patch', 'out.patch');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Would change 0 files (nothing to change: out.patch was not written).');
    expect(fs.existsSync(path.join(dir, 'out.patch'))).toBe(false);
  });

  it('--write applies the fix, keeps the file mode, and a second run changes nothing', () => {
    const dir = project({ 'a.ts': WORKER }, { git: true });
    fs.chmodSync(path.join(dir, 'a.ts'), 0o640);
    const r = cli(dir, 'fix', '--write');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Changed 1 file.');
    expect(read(dir, 'a.ts')).toBe(FIXED);
    expect(fs.statSync(path.join(dir, 'a.ts')).mode & 0o777).toBe(0o640);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const again = cli(dir, 'fix', '--write', '--allow-dirty');
    expect(again.stdout).toContain('Changed 0 files.');
    expect(read(dir, 'a.ts')).toBe(FIXED);
  });

  it('--check exits 1 while something would change and 0 after the fix', () => {
    const dir = project({ 'a.ts': WORKER }, { git: true });
    expect(cli(dir, 'fix', '--check').code).toBe(1);
    expect(read(dir, 'a.ts')).toBe(WORKER);
    cli(dir, 'fix', '--write');
    expect(cli(dir, 'fix', '--check').code).toBe(0);
  });

  it('--write refuses uncommitted changes unless --allow-dirty', () => {
    const dir = project({ 'a.ts': WORKER }, { git: true });
    fs.appendFileSync(path.join(dir, 'a.ts'), '// local edit\n');
    const r = cli(dir, 'fix', '--write');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rabbitmq4-codemod: refusing to write: uncommitted changes in a\.ts; commit or stash them, or pass --allow-dirty\n$/);
    expect(read(dir, 'a.ts')).toBe(`${WORKER}// local edit\n`);
    expect(cli(dir, 'fix', '--write', '--allow-dirty').code).toBe(0);
    expect(read(dir, 'a.ts')).toBe(`${FIXED}// local edit\n`);
  });

  it('leaves a file that does not parse untouched and says so', () => {
    const broken = "import amqp from 'amqplib';\nch.assertQueue('x', { durable: false );\n";
    const dir = project({ 'broken.ts': broken, 'a.ts': WORKER }, { git: true });
    const r = cli(dir, 'fix', '--write');
    expect(r.stdout).toMatch(/error broken\.ts: cannot parse \(left untouched\): .* at 2:/);
    expect(read(dir, 'broken.ts')).toBe(broken);
    expect(read(dir, 'a.ts')).toBe(FIXED);
  });

  it('--safe-only annotates rewrites that would change existing queues', () => {
    const src = "import amqp from 'amqplib';\nexport async function f(ch: amqp.Channel) {\n  await ch.assertQueue('q', { arguments: { 'x-queue-version': 1 } });\n}\n";
    const dir = project({ 'a.ts': src }, { git: true });
    cli(dir, 'fix', '--write', '--safe-only');
    expect(read(dir, 'a.ts')).toBe(src.replace("  await ch.assertQueue", "  // rabbitmq4-codemod(deprecated-queue-argument): remove x-queue-version\n  await ch.assertQueue"));
  });
});

describe('rules', () => {
  it('lists every rule (and unused-suppression, which scan reports) with severity per target, fixability and its MIGRATION.md section', () => {
    const r = cli(process.cwd(), 'rules', '--format', 'json');
    expect(r.code).toBe(0);
    const rules = JSON.parse(r.stdout);
    expect(rules.map((x: { id: string }) => x.id)).toEqual([...ALL_RULES.map((x) => x.meta.id), 'unused-suppression']);
    for (const rule of rules) {
      expect(Object.keys(rule.severity)).toEqual(['4.0', '4.1', '4.2', '4.3']);
      expect(rule.docs).toBe(`MIGRATION.md#${rule.id}`);
      expect(['rewrite', 'annotate', 'none']).toContain(rule.fixable);
    }
  });

  it('every rule has its section in MIGRATION.md', () => {
    const guide = fs.readFileSync(path.join(__dirname, '..', 'MIGRATION.md'), 'utf8');
    for (const rule of ALL_RULES) expect(guide).toMatch(new RegExp(`^## ${rule.meta.id}$`, 'm'));
  });
});

describe('the CLI contract for a new user (issue 27)', () => {
  const T = "import amqp from 'amqplib';\n";

  it('--output or --patch to a path that cannot be written: one line naming it, exit 2, no stack trace (scan, fix --patch, audit)', () => {
    const dir = project({ 'a.ts': WORKER, 'defs.json': JSON.stringify({ queues: [{ name: 'q', vhost: '/', durable: false, auto_delete: false, arguments: {} }] }), 'file.txt': 'x\n' });
    const cases: [string[], string][] = [
      [['scan', '--output', '/nonexistent/dir/r.json'], 'cannot write /nonexistent/dir/r.json: its directory does not exist'],
      [['scan', '--format', 'sarif', '--output', 'file.txt/r.sarif'], 'cannot write file.txt/r.sarif: a part of the path is not a directory'],
      [['scan', '--output', '.'], 'cannot write .: it is a directory'],
      [['fix', '--patch', '/nonexistent/fix.patch'], 'cannot write /nonexistent/fix.patch: its directory does not exist'],
      [['audit', '--definitions', 'defs.json', '--output', '/nonexistent/audit.json'], 'cannot write /nonexistent/audit.json: its directory does not exist'],
    ];
    for (const [args, message] of cases) {
      const r = cli(dir, ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toBe(`rabbitmq4-codemod: ${message}\n`);
    }
    expect(read(dir, 'a.ts')).toBe(WORKER);
  });

  it('--safe-only and --unsafe-fixes together are a usage error', () => {
    const r = cli(project({ 'a.ts': WORKER }), 'fix', '--safe-only', '--unsafe-fixes');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^rabbitmq4-codemod: --safe-only and --unsafe-fixes cannot be combined: .*\n$/);
  });

  it('fix --check fails (exit 2) when a file cannot be checked, and names it', () => {
    const dir = project({ 'src/worker.ts': FIXED, 'src/broken.ts': `${T}export const f = (ch: amqp.Channel) => ch.assertQueue('x', { durable: false );\n` }, { git: true });
    const r = cli(dir, 'fix', '--check');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^error src\/broken\.ts: cannot parse \(left untouched\): /m);
    expect(r.stderr).toBe('rabbitmq4-codemod: fix --check could not check src/broken.ts: see the errors above\n');
    fs.writeFileSync(path.join(dir, 'src/broken.ts'), `${T}export const f = (ch: amqp.Channel) => ch.assertQueue('x');\n`);
    expect(cli(dir, 'fix', '--check').code).toBe(0);
  });

  it('--include-minified (or "includeMinified" in the config) reads a large generated file on purpose; the skip says how', () => {
    const minified = `${T}${'var a=1;'.repeat(6000)}export const f=(ch: amqp.Channel)=>ch.assertQueue('gen',{durable:false});\n`;
    const dir = project({ 'src/generated/client.js': minified.replace(': amqp.Channel', ''), 'src/worker.ts': FIXED });
    const skipped = JSON.parse(cli(dir, 'scan', '--format', 'json').stdout);
    expect(skipped.skipped).toEqual([{ file: 'src/generated/client.js', message: 'skipped: minified or generated bundle (very long lines; --include-minified PATH reads it)' }]);
    const flag = JSON.parse(cli(dir, 'scan', '--format', 'json', '--include-minified', 'src/generated/**').stdout);
    expect(flag.skipped).toEqual([]);
    expect(flag.findings.map((f: { file: string; queue: string }) => `${f.file}:${f.queue}`)).toEqual(['src/generated/client.js:gen']);
    fs.writeFileSync(path.join(dir, 'rabbitmq4-codemod.config.json'), '{ "includeMinified": ["src/generated/client.js"] }\n');
    expect(JSON.parse(cli(dir, 'scan', '--format', 'json').stdout).findings).toHaveLength(1);
    fs.writeFileSync(path.join(dir, 'rabbitmq4-codemod.config.json'), '{ "includeMinified": "src/generated" }\n');
    const bad = cli(dir, 'scan');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"includeMinified" must be an array of non-empty glob strings (got "src/generated")');
  });
});
