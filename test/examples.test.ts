/**
 * Issue 27: the example service a new user runs first (examples/orders-service). Its scan shows one
 * finding of each kind (a rewrite, an annotation, a value only run time knows, an unsafe consumer, a
 * publisher pitfall, a dependency), across files and two client libraries; fix --write makes it pass its
 * own check, and the fixed service still compiles.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRootOf } from '../src/index/project-root';
import { cli, project, ROOT } from './helpers';

const EXAMPLE = path.join(ROOT, 'examples', 'orders-service');

interface Report {
  findings: { ruleId: string; severity: string; file: string; client: string; fix: { kind: string } }[];
  consumers: { file: string; queue: string; client: string; verdict: string }[];
  errors: unknown[];
  skipped: unknown[];
}

describe('examples/orders-service', () => {
  it('the first command (README: node bin/rabbitmq4-codemod scan examples/orders-service) shows each kind of finding once', () => {
    const r = cli(ROOT, 'scan', 'examples/orders-service', '--format', 'json');
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    const rel = (f: string) => f.replace('examples/orders-service/', '');
    expect(report.findings.map((f) => [f.ruleId, f.severity, rel(f.file), f.client, f.fix.kind])).toEqual([
      ['client-frame-max', 'error', 'package.json', 'amqplib', 'rewrite'],
      ['transient-nonexclusive-queue', 'error', 'src/consumers/emails.ts', 'amqplib', 'rewrite'],
      ['auto-ack-consumer', 'warning', 'src/consumers/emails.ts', 'amqplib', 'annotate'],
      ['consumer-null-message', 'warning', 'src/consumers/orders.ts', 'amqplib', 'rewrite'],
      ['transient-nonexclusive-queue', 'info', 'src/publishers/audit.ts', 'rabbitmq-client', 'none'],
      ['unconfirmed-publish', 'warning', 'src/publishers/audit.ts', 'rabbitmq-client', 'annotate'],
      ['transient-nonexclusive-queue', 'error', 'src/publishers/audit.ts', 'rabbitmq-client', 'rewrite'],
    ]);
    expect(report.consumers.map((c) => [rel(c.file), c.queue, c.verdict])).toEqual([
      ['src/consumers/emails.ts', 'emails', 'unsafe'],
      ['src/consumers/orders.ts', 'orders', 'safe'],
    ]);
    expect(report.errors).toEqual([]);
    expect(report.skipped).toEqual([]);
    // The example's README lists what the scan shows.
    const readme = fs.readFileSync(path.join(EXAMPLE, 'README.md'), 'utf8');
    for (const file of new Set(report.findings.map((f) => rel(f.file)))) expect(readme, file).toContain(`\`${file}\``);
  });

  it('is a project of its own: a package.json that names rabbitmq4-codemod (as its name or a dependency) is no config', () => {
    expect(projectRootOf(path.join(EXAMPLE, 'src', 'consumers', 'orders.ts'))).toBe(EXAMPLE);
    const dir = project({ 'package.json': '{ "name": "mono", "devDependencies": { "rabbitmq4-codemod": "^0.1.0" } }\n', 'apps/api/package.json': '{ "name": "api" }\n', 'apps/api/src/a.ts': 'export {};\n' }, { git: true });
    expect(projectRootOf(path.join(dir, 'apps', 'api', 'src', 'a.ts'))).toBe(path.join(dir, 'apps', 'api'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "mono", "rabbitmq4-codemod": { "target": "4.2" } }\n');
    expect(projectRootOf(path.join(dir, 'apps', 'api', 'src', 'a.ts'))).toBe(dir);
  });

  it('fix --write makes it pass fix --check, and the fixed service still compiles against the real libraries', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-example-'));
    try {
      fs.cpSync(EXAMPLE, dir, { recursive: true });
      const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
      git('init', '-q');
      git('add', '-A');
      git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'example');
      const dry = cli(dir, 'fix');
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain('+export const EMAILS_OPTIONS = { durable: true };');
      expect(cli(dir, 'fix', '--write').code).toBe(0);
      expect(cli(dir, 'fix', '--check').code).toBe(0);
      expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toContain('"amqplib": "^0.10.7"');
      expect(fs.readFileSync(path.join(dir, 'src/consumers/emails.ts'), 'utf8')).toContain('// rabbitmq4-codemod(auto-ack-consumer):');
      const left = JSON.parse(cli(dir, 'scan', '--format', 'json').stdout) as Report;
      expect(left.findings.filter((f) => f.fix.kind === 'rewrite')).toEqual([]);
      // Compiled with the repository's TypeScript and the libraries' own types.
      fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
      const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.', '--noEmit'], { cwd: dir, encoding: 'utf8' });
      expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
