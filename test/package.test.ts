/**
 * Issue 18: the package as a user gets it. `npm pack` the checkout, install the tarball into a fresh
 * project (with its production dependencies only, and jscodeshift beside it), and run every command,
 * the language server and the jscodeshift transform from there.
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers';
import { watchIdle } from './process-progress';

const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const JSCODESHIFT_VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'jscodeshift', 'package.json'), 'utf8')).version;

const WORKER = `import amqp from 'amqplib';
import { QUORUM } from '@lib/queues';
export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('jobs', { durable: false });
  await ch.assertQueue('orders', { arguments: { ...QUORUM, 'x-max-priority': 10 } });
}
`;
const FIXED = WORKER.replace("'jobs', { durable: false }", "'jobs', { durable: true }").replace(", 'x-max-priority': 10 }", ' }');

/** The environment of a user's shell: none of the npm_* variables that `npm test` passes down to us. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return env;
}

function run(cmd: string, args: string[], opts: SpawnSyncOptions & { cwd: string }) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: userEnv(), ...opts });
  const plain = (s: string | Buffer | null) => String(s ?? '').replace(/\x1b\[[0-9;]*m/g, '');
  return { code: r.status ?? -1, stdout: plain(r.stdout), stderr: plain(r.stderr), error: r.error };
}

let work: string;
let tarball: string;
let app: string;

beforeAll(() => {
  // `npm test` has just built dist/: pack that build (prepack would build it again, under the other tests' feet).
  for (const f of ['cli.js', 'worker-main.js', 'transform-worker.js']) expect(fs.existsSync(path.join(ROOT, 'dist', 'bundle', f)), `dist/bundle/${f}: run npm run build`).toBe(true);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-pack-'));
  const packed = run('npm', ['pack', '--pack-destination', work], { cwd: ROOT, env: { ...userEnv(), RABBITMQ4_CODEMOD_PREBUILT: '1' } });
  expect(packed.code, packed.stderr).toBe(0);
  tarball = path.join(work, `${PKG.name}-${PKG.version}.tgz`);
  expect(fs.existsSync(tarball)).toBe(true);

  app = path.join(work, 'app');
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: 'app', version: '1.0.0', private: true }, null, 2)}\n`,
    'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } } }\n',
    'src/lib/queues.ts': "export const QUORUM = { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 };\n",
    'src/worker.ts': WORKER,
    'definitions.json': JSON.stringify({ rabbit_version: '3.13.7', queues: [{ name: 'legacy', vhost: '/', durable: false, auto_delete: false, arguments: {} }], policies: [] }),
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(app, rel)), { recursive: true });
    fs.writeFileSync(path.join(app, rel), text);
  }
  // As a user would: `npm i -D rabbitmq4-codemod` (here the tarball), jscodeshift beside it.
  const installed = run('npm', ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', tarball, `jscodeshift@${JSCODESHIFT_VERSION}`], { cwd: app });
  expect(installed.code, installed.stdout + installed.stderr).toBe(0);
  // Nothing of the package asks to run at install time (npm 11 lists a dependency's prepare among them).
  expect(installed.stdout + installed.stderr).not.toMatch(/install-scripts|allowScripts/);
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const bin = () => path.join(app, 'node_modules', '.bin', 'rabbitmq4-codemod');
const installedPkg = () => path.join(app, 'node_modules', PKG.name);

describe('the packed tarball', () => {
  it('holds the bundle, bin/, the transform, the schema and the docs, and no sources, tests or fixtures', () => {
    const listed = run('tar', ['tzf', tarball], { cwd: work });
    expect(listed.code, listed.stderr).toBe(0);
    const entries = listed.stdout.trim().split('\n').map((e) => e.replace(/^package\//, '')).sort();
    expect(entries).toEqual([
      'LICENSE',
      'MIGRATION.md',
      'README.md',
      'bin/rabbitmq4-codemod',
      'bin/run-cli.js',
      'dist/bundle/cli.js',
      'dist/bundle/transform-worker.js',
      'dist/bundle/worker-main.js',
      'package.json',
      'schemas/report-v1.schema.json',
      'transforms/rabbitmq4.js',
    ]);
  });

  it('has a publishable manifest that builds nothing at install time', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installedPkg(), 'package.json'), 'utf8'));
    expect(manifest.private).toBeUndefined();
    expect(manifest.bin).toEqual({ 'rabbitmq4-codemod': 'bin/rabbitmq4-codemod' });
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts?.[script], script).toBeUndefined();
    // The checkout keeps its prepare (npm ci and git-URL installs build there), and pack put package.json back.
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.prepare).toBe('node scripts/prepare.mjs');
    expect(fs.existsSync(path.join(ROOT, '.package.json.prepack'))).toBe(false);
  });

  it("is what the README's install section says, followed literally in a fresh directory (the registry has no release: the tarball)", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = /^## Install\n([\s\S]*?)^## /m.exec(readme)![1];
    const block = /```sh\n([\s\S]*?)```/.exec(section)![1];
    const commands = block.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean);
    expect(commands).toEqual([`npm i -D ./${PKG.name}-${PKG.version}.tgz`, 'npx rabbitmq4-codemod scan .', 'npx rabbitmq4-codemod fix .']);
    // The registry command is kept for after the first release; a checkout user is sent the fast way.
    expect(section).toContain('`npm i -D rabbitmq4-codemod`');
    expect(section).toContain(`git+https://github.com/<owner>/rabbitmq4-codemod.git#v${PKG.version}`);
    expect(section).toContain('node bin/rabbitmq4-codemod scan path/to/your/repo');
    expect(readme).toContain('npx jscodeshift --fail-on-error -t node_modules/rabbitmq4-codemod/transforms/rabbitmq4.js');

    // A fresh directory: no package.json, the downloaded tarball, and the code to check.
    const fresh = path.join(work, 'fresh');
    fs.mkdirSync(path.join(fresh, 'src'), { recursive: true });
    fs.copyFileSync(tarball, path.join(fresh, `${PKG.name}-${PKG.version}.tgz`));
    fs.writeFileSync(path.join(fresh, 'src', 'worker.ts'), WORKER);
    const [install, scan, fix] = commands.map((c) => run('bash', ['-c', c], { cwd: fresh }));
    expect(install.code, install.stdout + install.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(fresh, 'package.json'), 'utf8')).devDependencies[PKG.name]).toBe(`file:${PKG.name}-${PKG.version}.tgz`);
    expect(scan.code, scan.stderr).toBe(1);
    expect(scan.stdout).toContain('transient-nonexclusive-queue');
    expect(fix.code, fix.stderr).toBe(0);
    expect(fix.stdout).toContain("+  await ch.assertQueue('jobs', { durable: true });");
    expect(fix.stdout).toContain('Dry run: nothing was written.');
  });

  it('installs with its production dependencies only', () => {
    for (const dep of Object.keys(PKG.dependencies)) expect(fs.existsSync(path.join(app, 'node_modules', dep, 'package.json')), dep).toBe(true);
    for (const dev of ['vitest', 'esbuild', 'amqplib', '@types/node', 'ajv']) expect(fs.existsSync(path.join(app, 'node_modules', dev)), dev).toBe(false);
  });
});

describe('the installed package', () => {
  it('scan: finds the refused declarations (through tsconfig paths), as text and as JSON that its own schema accepts', () => {
    const text = run(bin(), ['scan', '.'], { cwd: app });
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toContain('transient-nonexclusive-queue');
    expect(text.stdout).toContain('queue-argument-not-supported');

    // npx finds the local install (and, with --no-install, never looks for the name on the registry).
    const json = run('npx', ['--no-install', 'rabbitmq4-codemod', 'scan', '.', '--format', 'json'], { cwd: app });
    expect(json.code, json.stderr).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.tool).toEqual({ name: 'rabbitmq4-codemod', version: PKG.version });
    const schema = JSON.parse(fs.readFileSync(path.join(installedPkg(), 'schemas', 'report-v1.schema.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  });

  it('fix --check, rules and audit run', () => {
    const check = run(bin(), ['fix', '.', '--check'], { cwd: app });
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toContain('transient-nonexclusive-queue: 1 rewritten');
    expect(fs.readFileSync(path.join(app, 'src/worker.ts'), 'utf8')).toBe(WORKER);

    const rules = run(bin(), ['rules'], { cwd: app });
    expect(rules.code, rules.stderr).toBe(0);
    expect(rules.stdout).toContain('transient-nonexclusive-queue');

    const audit = run(bin(), ['audit', '--definitions', 'definitions.json'], { cwd: app });
    expect(audit.code, audit.stdout + audit.stderr).toBe(1);
    expect(audit.stdout).toContain('legacy');
  });

  it("the GitHub Action's scan step in an empty monorepo package installs the release tarball its version input names, and writes SARIF ready for code scanning", () => {
    const repo = path.join(work, 'monorepo');
    fs.mkdirSync(path.join(repo, 'services', 'orders', 'src'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'services', 'orders', 'src', 'worker.ts'), WORKER.replace("import { QUORUM } from '@lib/queues';\n", '').replace('...QUORUM, ', ''));
    spawnSync('git', ['init', '-q'], { cwd: repo });
    const outputs = path.join(work, 'github-output');
    fs.writeFileSync(outputs, '');
    const r = run('bash', [path.join(ROOT, 'scripts', 'github-action.sh')], {
      cwd: path.join(repo, 'services', 'orders'),
      env: { ...userEnv(), GITHUB_OUTPUT: outputs, RUNNER_TEMP: path.join(work, 'runner-temp'), RMQ4_VERSION: tarball },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(fs.readFileSync(outputs, 'utf8')).toBe('sarif-file=rabbitmq4-codemod.sarif\nexit-code=1\n');
    expect(r.stdout).toMatch(new RegExp(`^\\+ ${path.join(work, 'runner-temp')}/rabbitmq4-codemod-[^ ]+/node_modules/\\.bin/rabbitmq4-codemod scan \\. --format sarif`, 'm'));
    expect(r.stdout).toMatch(/^::error file=services\/orders\/src\/worker\.ts,line=\d+,col=\d+,title=transient-nonexclusive-queue::/m);
    const log = JSON.parse(fs.readFileSync(path.join(repo, 'services', 'orders', 'rabbitmq4-codemod.sarif'), 'utf8'));
    const uris = new Set([...JSON.stringify(log).matchAll(/"artifactLocation":\{"uri":"([^"]*)","uriBaseId":"%SRCROOT%"/g)].map((m) => m[1]));
    expect([...uris]).toEqual(['services/orders/src/worker.ts']);
    for (const rule of log.runs[0].tool.driver.rules) expect(rule.help.markdown, rule.id).toMatch(new RegExp(`^#{2,3} ${rule.id}\n`));
    expect(JSON.stringify(log)).not.toMatch(/file:/);
  });

  it('lsp: initialize, then a diagnostic for an opened document, over stdio', async () => {
    const server = spawn(bin(), ['lsp', '--stdio'], { cwd: app, env: userEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const messages: { id?: number; method?: string; result?: unknown; params?: { uri?: string; diagnostics?: { code?: string }[] } }[] = [];
    let buffer = Buffer.alloc(0);
    server.stdout.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const header = buffer.indexOf('\r\n\r\n');
        if (header < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, header).toString())![1]);
        if (buffer.length < header + 4 + length) return;
        messages.push(JSON.parse(buffer.subarray(header + 4, header + 4 + length).toString()));
        buffer = buffer.subarray(header + 4 + length);
      }
    });
    let stderr = '';
    server.stderr.on('data', (d) => (stderr += d));
    const send = (message: object) => {
      const body = JSON.stringify({ jsonrpc: '2.0', ...message });
      server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    // No time limit: the wait fails when the server exits or stops working without sending it (test/process-progress.ts).
    const waitFor = async <T>(find: () => T | undefined, what: string): Promise<T> => {
      let idle = '';
      const stop = watchIdle(server.pid, (ms) => (idle = `it has used no CPU for ${ms} ms`));
      try {
        for (;;) {
          const found = find();
          if (found) return found;
          if (server.exitCode !== null || idle) throw new Error(`no ${what} from the server (${idle || `it exited with ${server.exitCode}`}); stderr: ${stderr}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        stop();
      }
    };
    try {
      const rootUri = pathToFileURL(app).href;
      send({ id: 1, method: 'initialize', params: { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'app' }], capabilities: {} } });
      const init = await waitFor(() => messages.find((m) => m.id === 1), 'initialize result');
      expect(init.result).toMatchObject({ serverInfo: { name: 'rabbitmq4-codemod' } });
      send({ method: 'initialized', params: {} });
      const uri = pathToFileURL(path.join(app, 'src', 'worker.ts')).href;
      send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'typescript', version: 1, text: WORKER } } });
      const published = await waitFor(() => messages.find((m) => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === uri && m.params.diagnostics?.length), 'diagnostics');
      expect(published.params!.diagnostics!.map((d) => d.code)).toContain('transient-nonexclusive-queue');
      send({ id: 2, method: 'shutdown' });
      await waitFor(() => messages.find((m) => m.id === 2), 'shutdown result');
      send({ method: 'exit' });
      const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
      expect(code).toBe(0);
    } finally {
      server.kill();
    }
  });

  it('transform: the real jscodeshift CLI applies the rewrites from node_modules, and fails the run on a file it cannot transform', () => {
    const jscodeshift = path.join(app, 'node_modules', '.bin', 'jscodeshift');
    const transform = 'node_modules/rabbitmq4-codemod/transforms/rabbitmq4.js';
    const ok = run(jscodeshift, ['--fail-on-error', '-t', transform, '--extensions=ts', 'src'], { cwd: app });
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/0 errors\s+0 unmodified\s+1 skipped\s+1 ok/);
    expect(fs.readFileSync(path.join(app, 'src/worker.ts'), 'utf8')).toBe(FIXED);

    const broken = "import amqp from 'amqplib';\nconst x = {;\n";
    fs.writeFileSync(path.join(app, 'src', 'broken.ts'), broken);
    try {
      const failed = run(jscodeshift, ['--fail-on-error', '-t', transform, '--parser=ts', 'src/broken.ts'], { cwd: app });
      expect(failed.code).toBe(1);
      expect(failed.stdout + failed.stderr).toContain('cannot parse src/broken.ts');
      expect(fs.readFileSync(path.join(app, 'src/broken.ts'), 'utf8')).toBe(broken);
    } finally {
      fs.rmSync(path.join(app, 'src', 'broken.ts'));
      fs.writeFileSync(path.join(app, 'src/worker.ts'), WORKER);
    }
  });
});
