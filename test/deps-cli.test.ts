/** client-frame-max end to end: dependency manifests through scan, fix and the language server. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES } from './fixture-cases';
import { cli, project, read } from './helpers';
import { fileUri, LspSession } from './lsp/lsp-session';

const PACKAGE_JSON = `{
  "name": "orders",
  "dependencies": {
    "amqplib": "^0.8.0",
    "amqp-ts": "^1.8.0"
  }
}
`;

const LOCK = `{
  "name": "orders",
  "lockfileVersion": 3,
  "packages": {
    "": { "name": "orders", "dependencies": { "amqplib": "^0.8.0", "amqp-ts": "^1.8.0" } },
    "node_modules/amqplib": { "version": "0.8.0" },
    "node_modules/amqp-ts": { "version": "1.8.0", "dependencies": { "amqplib": "^0.4.2" } },
    "node_modules/amqp-ts/node_modules/amqplib": { "version": "0.4.2" }
  }
}
`;

const SOURCE = `import amqp from 'amqplib';
export const open = () => amqp.connect({ hostname: 'rabbit', frameMax: 4096 });
`;

const FILES = { 'package.json': PACKAGE_JSON, 'package-lock.json': LOCK, 'src/connect.ts': SOURCE, 'node_modules/amqplib/package.json': '{ "name": "amqplib", "version": "0.8.0" }' };

interface JsonFinding {
  ruleId: string;
  severity: string;
  file: string;
  line: number;
  column: number;
  message: string;
  client: string;
  brokerError?: string;
  fix: { kind: string; description: string };
}

const scanJson = (dir: string, ...args: string[]) => {
  const r = cli(dir, 'scan', '--format', 'json', ...args);
  return { code: r.code, report: JSON.parse(r.stdout) as { summary: { files: number; findings: Record<string, number> }; findings: JsonFinding[] } };
};

describe('client-frame-max through the CLI', () => {
  it('scan reports the package.json range, both locked copies and the connect option; never node_modules', () => {
    const dir = project(FILES);
    const { code, report } = scanJson(dir);
    expect(code).toBe(1);
    expect(report.findings.map((f) => [f.ruleId, f.severity, f.file, f.line, f.column, f.client, f.fix.kind])).toEqual([
      ['client-frame-max', 'error', 'package-lock.json', 6, 43, 'amqplib', 'none'],
      ['client-frame-max', 'error', 'package-lock.json', 8, 64, 'amqplib', 'none'],
      ['client-frame-max', 'error', 'package.json', 4, 17, 'amqplib', 'none'],
      ['client-frame-max', 'error', 'src/connect.ts', 2, 72, 'amqplib', 'rewrite'],
    ]);
    expect(report.summary.files).toBe(3);
    const nested = report.findings[1];
    expect(nested.message).toContain('required by amqp-ts: amqplib ^0.4.2');
    expect(nested.message).toContain('amqp-ts cannot connect to RabbitMQ 4.1+ at all');
    expect(nested.fix.description).toContain('"overrides": { "amqplib": "^0.10.7" }');
    expect(report.findings[0].fix.description).toContain('`npm install amqplib@^0.10.7`');
    // The lock file pins 0.8.0, which the raised range excludes: the one command that updates both.
    expect(report.findings[2].fix.description).toBe(
      'run `npm install amqplib@^0.10.7`: it sets "^0.10.7" in package.json and updates package-lock.json together (package.json is not rewritten alone: package-lock.json pins amqplib 0.8.0, which the new range excludes, and `npm ci` would refuse the pair)',
    );
    expect(report.findings[2].brokerError).toBe(
      'no reply: the broker closes the socket during the connection handshake (the client sees ECONNRESET) and logs "failed to negotiate connection parameters: negotiated frame_max = 4096 is lower than the minimum allowed value (8192)"',
    );
  });

  it('is a warning for target 4.0, which still accepts frame_max 4096', () => {
    const { report } = scanJson(project(FILES), '--target', '4.0');
    expect(new Set(report.findings.map((f) => f.severity))).toEqual(new Set(['warning']));
    expect(report.findings[2].message).toContain('RabbitMQ 4.0 still accepts it, 4.1 and later refuse the connection');
  });

  it('SARIF, markdown and text carry the manifest findings', () => {
    const dir = project(FILES);
    const sarif = JSON.parse(cli(dir, 'scan', '--format', 'sarif').stdout);
    const run = sarif.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toContain('client-frame-max');
    const locations = run.results.map((r: { locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }) => [r.locations[0].physicalLocation.artifactLocation.uri, r.locations[0].physicalLocation.region.startLine]);
    expect(locations).toContainEqual(['package.json', 4]);
    expect(locations).toContainEqual(['package-lock.json', 8]);
    expect(cli(dir, 'scan', '--format', 'markdown').stdout).toContain('package.json');
    expect(cli(dir, 'scan').stdout).toMatch(/^package\.json:4:17 +error +amqplib "\^0\.8\.0" \(dependencies\)/m);
  });

  it('fix: a lock file pinning the old version leaves package.json alone; without one, --write raises the range and leaves the rest to npm', () => {
    const locked = project(FILES, { git: true });
    expect(cli(locked, 'fix', '--write').code).toBe(0);
    expect(read(locked, 'package.json')).toBe(PACKAGE_JSON);
    expect(read(locked, 'package-lock.json')).toBe(LOCK);
    expect(read(locked, 'src/connect.ts')).toBe(SOURCE.replace('frameMax: 4096', 'frameMax: 8192'));
    expect(cli(locked, 'fix', '--check').code).toBe(0);

    const unlocked = { ...FILES, 'package-lock.json': undefined } as Record<string, string | undefined>;
    delete unlocked['package-lock.json'];
    const dir = project(unlocked as Record<string, string>);
    const dry = cli(dir, 'fix');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('-    "amqplib": "^0.8.0",\n+    "amqplib": "^0.10.7",');
    expect(read(dir, 'package.json')).toBe(PACKAGE_JSON);
    expect(cli(dir, 'fix', '--check').code).toBe(1);

    const patchFile = path.join(dir, 'fix.patch');
    expect(cli(dir, 'fix', '--patch', patchFile).code).toBe(0);
    const applied = project(unlocked as Record<string, string>);
    execFileSync('git', ['apply', patchFile], { cwd: applied });
    expect(read(applied, 'package.json')).toBe(PACKAGE_JSON.replace('"^0.8.0"', '"^0.10.7"'));

    expect(cli(dir, 'fix', '--write').code).toBe(0);
    expect(read(dir, 'package.json')).toBe(PACKAGE_JSON.replace('"^0.8.0"', '"^0.10.7"'));
    expect(read(dir, 'src/connect.ts')).toBe(SOURCE.replace('frameMax: 4096', 'frameMax: 8192'));
    // Fixed once: nothing left to change or report.
    expect(cli(dir, 'fix', '--check').code).toBe(0);
    expect(scanJson(dir).report.findings).toEqual([]);
  });

  it('a bun workspace whose root bun.lockb (binary, unread) may pin the old client: fix --write leaves the member\'s range alone and names `bun add`', () => {
    const source = path.join(FIXTURES, 'client-frame-max', 'bun-lockb-workspace.input');
    const dir = project({});
    fs.cpSync(source, dir, { recursive: true });
    const before = read(dir, 'packages/api/package.json');
    const check = cli(dir, 'fix', '--check');
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(cli(dir, 'fix', '--write', '--allow-dirty').code).toBe(0);
    expect(read(dir, 'packages/api/package.json')).toBe(before);
    const [finding] = scanJson(dir).report.findings;
    expect(finding).toMatchObject({ ruleId: 'client-frame-max', severity: 'warning', file: 'packages/api/package.json', fix: { kind: 'none' } });
    expect(finding.message).toContain('bun.lockb, which decides which one is installed, cannot be read (it is binary)');
    expect(finding.fix.description).toContain('run `bun add @cloudamqp/amqp-client@^3.2.1` in packages/api: it sets "^3.2.1" in package.json and updates bun.lockb together');
  });

  it('--safe-only leaves a move across 0.x minors to a human; a patch-level move stays a rewrite', () => {
    // b's code loads amqplib: a range nothing loads would be an info, with no rewrite to make.
    const dir = project({ 'package.json': PACKAGE_JSON, 'b/package.json': '{ "dependencies": { "amqplib": "0.10.3" } }\n', 'b/index.js': "require('amqplib');\n" });
    const r = cli(dir, 'fix', '--safe-only', '--write');
    expect(r.code).toBe(0);
    expect(read(dir, 'b/package.json')).toBe('{ "dependencies": { "amqplib": "0.10.7" } }\n');
    expect(read(dir, 'package.json')).toBe(PACKAGE_JSON);
  });
});

describe('client-frame-max in the language server', () => {
  let session: LspSession | undefined;
  afterEach(() => session?.dispose());

  it('an open package.json gets the diagnostic and a quick fix that raises the range', async () => {
    session = await LspSession.start();
    const uri = fileUri('deps/package.json');
    await session.open(uri, PACKAGE_JSON, 'json');
    const { diagnostics } = await session.diagnostics(uri, 1);
    expect(diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([['client-frame-max', 3, 16]]);
    const actions = await session.codeActions(uri, diagnostics[0].range, diagnostics, ['quickfix']);
    // JSON holds no comments: the rewrite is the only action (no annotation, no ignore comment).
    expect(actions.map((a) => a.title)).toEqual(['Fix: require amqplib 0.10.7 or later (then refresh the lock file: npm install, yarn install or pnpm install) (client-frame-max)']);
    const version = await session.changeIncrementally(uri, session.editsFor(uri, actions[0].edit!));
    expect(session.text(uri)).toBe(PACKAGE_JSON.replace('"^0.8.0"', '"^0.10.7"'));
    expect((await session.diagnostics(uri, version)).diagnostics).toEqual([]);
  });

  it('an open yarn.lock does not crash the server and reports the old copy', async () => {
    session = await LspSession.start();
    const uri = fileUri('deps/yarn.lock');
    await session.open(uri, 'amqplib@^0.8.0:\n  version "0.8.0"\n', 'yaml');
    const { diagnostics } = await session.diagnostics(uri, 1);
    expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['client-frame-max', 1]]);
  });
});

