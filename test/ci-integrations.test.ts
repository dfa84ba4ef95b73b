/**
 * Issue 18: the GitHub Action (action.yml, scripts/github-action.sh) and the pre-commit hooks
 * (.pre-commit-hooks.yaml), run as GitHub and pre-commit run them: the action's steps with its
 * inputs put into their environment, the hooks' entries with the package's bin on the PATH.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BIN, fixture, project, read, ROOT } from './helpers';
import { sarifErrors } from './sarif-schema';

interface Step {
  id?: string;
  name?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'working-directory'?: string;
}
const action = parse(fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as {
  name: string;
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
};
const hooks = parse(fs.readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as {
  id: string;
  entry: string;
  language: string;
  pass_filenames: boolean;
  files: string;
}[];

const WORKER = fixture('transient-nonexclusive-queue', 'amqplib-named.input.ts');

/** `${{ inputs.x }}` and `${{ steps.scan.outputs.x }}` put in, as GitHub does for a step's env and with. */
function expand(template: string, inputs: Record<string, string>, outputs: Record<string, string> = {}): string {
  return template.replace(/\$\{\{\s*(inputs|steps\.scan\.outputs)\.([\w-]+)\s*\}\}/g, (_, kind: string, name: string) => (kind === 'inputs' ? (inputs[name] ?? '') : (outputs[name] ?? '')));
}

/** A project with the package installed as a user's project has it: node_modules/.bin/rabbitmq4-codemod. */
function installedProject(files: Record<string, string>): string {
  const dir = project(files, { git: true });
  fs.mkdirSync(path.join(dir, 'node_modules', '.bin'), { recursive: true });
  fs.symlinkSync(BIN, path.join(dir, 'node_modules', '.bin', 'rabbitmq4-codemod'));
  return dir;
}

/** Runs the action's scan step with these inputs (the others at their defaults); its outputs and log. */
function runScanStep(dir: string, given: Record<string, string>, extraEnv: NodeJS.ProcessEnv = {}) {
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? '']));
  const step = action.runs.steps.find((s) => s.id === 'scan')!;
  const outputFile = path.join(dir, '.github-output');
  fs.writeFileSync(outputFile, '');
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', GITHUB_ACTION_PATH: ROOT, GITHUB_OUTPUT: outputFile, RUNNER_TEMP: path.join(dir, '.runner-temp'), ...extraEnv };
  for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v, inputs);
  const cwd = path.resolve(dir, expand(step['working-directory'] ?? '.', inputs));
  const r = spawnSync(step.shell!, ['-c', step.run!], { cwd, encoding: 'utf8', env });
  const outputs = Object.fromEntries(
    fs.readFileSync(outputFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, outputs, inputs, cwd };
}

/** The action's last step, which fails the job on the scan's exit code: its own exit code. */
function runFailStep(outputs: Record<string, string>): number | null {
  const step = action.runs.steps[action.runs.steps.length - 1];
  expect(step.if).toContain("steps.scan.outputs.exit-code != '0'");
  if (outputs['exit-code'] === '0') return 0; // the step's `if` skips it
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v, {}, outputs);
  return spawnSync(step.shell!, ['-c', step.run!], { encoding: 'utf8', env }).status;
}

describe('the GitHub Action (action.yml)', () => {
  it('is a composite action: scan to SARIF, upload it to code scanning, then fail on --fail-on', () => {
    expect(action.runs.using).toBe('composite');
    const [scan, upload, fail] = action.runs.steps;
    expect(scan.run).toBe('bash "$GITHUB_ACTION_PATH/scripts/github-action.sh"');
    // The current major of upload-sarif (v4 since October 2025).
    expect(upload.uses).toBe('github/codeql-action/upload-sarif@v4');
    // Not on a pull request from a fork, which has no security-events write permission (the upload would fail the job).
    expect(upload.if).toContain("github.event_name != 'pull_request' || github.event.pull_request.head.repo.full_name == github.repository");
    expect(upload.if).toContain("inputs.upload == 'true'");
    // Uploaded even when the scan found something: always(), or the failing scan would skip the upload.
    expect(upload.if).toContain('always()');
    expect(upload.with).toMatchObject({ sarif_file: '${{ inputs.working-directory }}/${{ steps.scan.outputs.sarif-file }}', category: '${{ inputs.category }}' });
    expect(fail.run).toContain('exit 1');
    expect(Object.keys(action.inputs).sort()).toEqual(['args', 'category', 'fail-on', 'paths', 'sarif-file', 'target', 'upload', 'version', 'working-directory']);
    for (const [name, input] of Object.entries(action.inputs)) expect(input.description, name).toBeTruthy();
    expect(action.outputs['exit-code'].value).toBe('${{ steps.scan.outputs.exit-code }}');
  });

  it('runs scan --format sarif with the project\'s own install, writes valid SARIF and fails the job on findings', () => {
    const dir = installedProject({ 'src/worker.ts': WORKER, 'README.md': '# app\n' });
    const r = runScanStep(dir, {});
    expect(r.code, r.stderr).toBe(0); // the step itself never fails: the upload comes first
    expect(r.stdout).toContain('+ node_modules/.bin/rabbitmq4-codemod scan . --format sarif --output rabbitmq4-codemod.sarif\n');
    expect(r.outputs).toEqual({ 'sarif-file': 'rabbitmq4-codemod.sarif', 'exit-code': '1' });
    const sarif = JSON.parse(read(dir, 'rabbitmq4-codemod.sarif'));
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toContain('transient-nonexclusive-queue');
    // Each finding is an annotation in the log too.
    expect(r.stdout).toMatch(/^::error file=src\/worker\.ts,line=\d+,col=\d+,title=transient-nonexclusive-queue::queue 'jobs' is transient/m);
    expect(runFailStep(r.outputs)).toBe(1);
  });

  it('passes its inputs on (target, fail-on, paths, args, sarif-file) and passes the job when nothing is at or above fail-on', () => {
    const dir = installedProject({ 'services/a/worker.ts': WORKER, 'services/b/gen/worker.ts': WORKER });
    const r = runScanStep(dir, { paths: 'services/a\nservices/b', target: '4.2', 'fail-on': 'error', args: '--exclude services/b/gen/**', 'sarif-file': 'out.sarif' });
    expect(r.stdout).toContain('+ node_modules/.bin/rabbitmq4-codemod scan services/a services/b --format sarif --output out.sarif --target 4.2 --fail-on error --exclude services/b/gen/**\n');
    // On 4.2 a transient queue is a warning ("refused from 4.3"): nothing at or above error.
    expect(r.outputs).toEqual({ 'sarif-file': 'out.sarif', 'exit-code': '0' });
    const sarif = JSON.parse(read(dir, 'out.sarif'));
    const uris = sarif.runs[0].results.map((x: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => x.locations[0].physicalLocation.artifactLocation.uri);
    expect([...new Set(uris)]).toEqual(['services/a/worker.ts']);
    expect(runFailStep(r.outputs)).toBe(0);

    const strict = runScanStep(dir, { paths: 'services/a', target: '4.2', 'fail-on': 'warning' });
    expect(strict.outputs['exit-code']).toBe('1');
    expect(runFailStep(strict.outputs)).toBe(1);
  });

  it('fails the job, with the reason, when the scan cannot run (and uploads no SARIF of an earlier run)', () => {
    const dir = installedProject({ 'src/worker.ts': WORKER, 'rabbitmq4-codemod.sarif': '{}' });
    const r = runScanStep(dir, { target: '3.13' });
    expect(r.outputs).toEqual({ 'exit-code': '2' });
    expect(fs.existsSync(path.join(dir, 'rabbitmq4-codemod.sarif'))).toBe(false);
    expect(r.stderr).toContain('3.13');
    expect(runFailStep(r.outputs)).toBe(1);
  });

  /** Every path in a SARIF log (results, related locations, fixes, notifications) and every URL in its rules. */
  function sarifPaths(log: { runs: { tool: { driver: { rules: { help?: { markdown?: string; text?: string }; helpUri?: string }[] } } }[] }) {
    const uris = [...JSON.stringify(log).matchAll(/"artifactLocation":\{"uri":"([^"]*)"(?:,"uriBaseId":"([^"]*)")?/g)].map((m) => ({ uri: decodeURIComponent(m[1]), base: m[2] }));
    return { uris, rules: log.runs[0].tool.driver.rules };
  }

  /** The proof of issue 27: paths resolve from the repository root; every rule explains itself, with no file:// URL. */
  function expectCodeScanningReady(log: Parameters<typeof sarifPaths>[0], repoRoot: string, expectedFiles: string[]) {
    expect(sarifErrors(log)).toEqual([]);
    const { uris, rules } = sarifPaths(log);
    expect([...new Set(uris.map((u) => u.uri))].sort()).toEqual(expectedFiles);
    for (const u of uris) {
      expect(u.base, u.uri).toBe('%SRCROOT%');
      expect(fs.existsSync(path.join(repoRoot, u.uri)), `${u.uri} from the repository root`).toBe(true);
    }
    expect(rules.length).toBeGreaterThan(20);
    for (const rule of rules) {
      expect(rule.help?.markdown, JSON.stringify(rule).slice(0, 80)).toMatch(/^#{2,3} [a-z0-9-]+\n\n\S/);
      expect(JSON.stringify(rule)).not.toMatch(/file:/);
    }
    expect(JSON.stringify(log)).not.toMatch(/file:\/\//);
  }

  it('in an empty project (no package.json, no install): runs this action\'s own checkout, and the SARIF is ready for code scanning', () => {
    const dir = project({ 'worker.ts': WORKER }, { git: true });
    const r = runScanStep(dir, {});
    expect(r.stdout).toContain(`+ ${ROOT}/bin/rabbitmq4-codemod scan . --format sarif --output rabbitmq4-codemod.sarif\n`);
    expect(r.outputs).toEqual({ 'sarif-file': 'rabbitmq4-codemod.sarif', 'exit-code': '1' });
    expectCodeScanningReady(JSON.parse(read(dir, 'rabbitmq4-codemod.sarif')), dir, ['worker.ts']);
  });

  it('in a monorepo package (working-directory): the SARIF paths and the annotations resolve from the repository root', () => {
    const dir = installedProject({ 'package.json': '{ "private": true, "workspaces": ["services/*"] }\n', 'services/orders/package.json': '{ "name": "orders" }\n', 'services/orders/src/worker.ts': WORKER, 'services/orders/src/broken.ts': "import amqp from 'amqplib';\nconst x = {;\n", 'services/billing/src/worker.ts': WORKER });
    const r = runScanStep(dir, { 'working-directory': 'services/orders' });
    expect(r.cwd).toBe(path.join(dir, 'services/orders'));
    expect(r.outputs).toEqual({ 'sarif-file': 'rabbitmq4-codemod.sarif', 'exit-code': '1' });
    expectCodeScanningReady(JSON.parse(read(dir, 'services/orders/rabbitmq4-codemod.sarif')), dir, ['services/orders/src/broken.ts', 'services/orders/src/worker.ts']);
    // GitHub reads annotation paths from the repository root too.
    expect(r.stdout).toMatch(/^::error file=services\/orders\/src\/worker\.ts,line=\d+,col=\d+,title=transient-nonexclusive-queue::/m);
    // The upload step finds the file where the scan step wrote it.
    const upload = action.runs.steps[1];
    expect(path.join(dir, expand(upload.with!.sarif_file, r.inputs, r.outputs))).toBe(path.join(dir, 'services/orders/rabbitmq4-codemod.sarif'));
  });

  /** A copy of this action as GitHub checks it out at a tag: its files, no node_modules, no dist. */
  function actionCheckout(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-action-'));
    for (const f of ['action.yml', 'package.json', 'scripts']) fs.cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
    // Its bin/ runs the build a real `npm ci` (prepare) would make; the fake npm below makes dist/ appear.
    fs.symlinkSync(path.join(ROOT, 'bin'), path.join(dir, 'bin'));
    return dir;
  }

  /** A stand-in for npm that records each call, and answers `install` with `installs` (0 or 1) and `ci` by building. */
  function fakeNpm(dir: string, actionDir: string, installs: 0 | 1): string {
    const fakeBin = path.join(dir, '.fake-bin');
    fs.mkdirSync(fakeBin);
    fs.writeFileSync(
      path.join(fakeBin, 'npm'),
      `#!/usr/bin/env bash\necho "$PWD: $*" >> "${dir}/.npm-calls"\nif [ "$1" = install ]; then\n  [ ${installs} = 0 ] || { echo "npm error 404 Not Found" >&2; exit 1; }\n  mkdir -p "$3/node_modules/.bin" && ln -s "${BIN}" "$3/node_modules/.bin/rabbitmq4-codemod"\nelse\n  mkdir -p "${actionDir}/dist/bundle" && touch "${actionDir}/dist/bundle/cli.js"\nfi\n`,
      { mode: 0o755 },
    );
    return fakeBin;
  }

  it('where neither the project nor the action is built: its exact version from the registry (never "latest") into RUNNER_TEMP', () => {
    const dir = project({ 'src/worker.ts': WORKER }, { git: true });
    const actionDir = actionCheckout();
    const fakeBin = fakeNpm(dir, actionDir, 0);
    const r = runScanStep(dir, {}, { PATH: `${fakeBin}${path.delimiter}${process.env.PATH}`, GITHUB_ACTION_PATH: actionDir });
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
    const prefix = path.join(dir, '.runner-temp', `rabbitmq4-codemod-${version}`);
    expect(read(dir, '.npm-calls').trim()).toBe(`${dir}: install --prefix ${prefix} --no-save --no-audit --no-fund --omit=dev rabbitmq4-codemod@${version}`);
    expect(r.stdout).toContain(`+ ${prefix}/node_modules/.bin/rabbitmq4-codemod scan . --format sarif`);
    expect(r.outputs['exit-code']).toBe('1');
  });

  it('where the registry has no release: builds the action\'s checkout (npm ci runs prepare) and runs it', () => {
    const dir = project({ 'src/worker.ts': WORKER }, { git: true });
    const actionDir = actionCheckout();
    const fakeBin = fakeNpm(dir, actionDir, 1);
    const r = runScanStep(dir, {}, { PATH: `${fakeBin}${path.delimiter}${process.env.PATH}`, GITHUB_ACTION_PATH: actionDir });
    const calls = read(dir, '.npm-calls').trim().split('\n');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBe(`${actionDir}: ci --no-audit --no-fund`);
    expect(r.stdout).toContain('could not be installed from the registry: building this action\'s checkout');
    expect(r.stdout).toContain(`+ ${actionDir}/bin/rabbitmq4-codemod scan . --format sarif`);
    expect(r.outputs).toEqual({ 'sarif-file': 'rabbitmq4-codemod.sarif', 'exit-code': '1' });
  });

  it('the version input installs what it names (a version or a tarball), and says so when it cannot', () => {
    const dir = project({ 'src/worker.ts': WORKER }, { git: true });
    const fakeBin = fakeNpm(dir, actionCheckout(), 1);
    const r = runScanStep(dir, { version: 'https://example.invalid/rabbitmq4-codemod-9.9.9.tgz' }, { PATH: `${fakeBin}${path.delimiter}${process.env.PATH}` });
    expect(read(dir, '.npm-calls')).toContain('--omit=dev https://example.invalid/rabbitmq4-codemod-9.9.9.tgz\n');
    expect(r.outputs).toEqual({ 'exit-code': '2' });
    expect(r.stdout).toContain('::error::rabbitmq4-codemod: could not install https://example.invalid/rabbitmq4-codemod-9.9.9.tgz');
  });
});

describe('the release workflow (.github/workflows/release.yml)', () => {
  const workflow = parse(fs.readFileSync(path.join(ROOT, '.github', 'workflows', 'release.yml'), 'utf8')) as {
    on: { push: { tags: string[] } };
    permissions: Record<string, string>;
    jobs: Record<string, { permissions: Record<string, string>; steps: Step[] }>;
  };
  const job = workflow.jobs.release;
  const runs = job.steps.map((s) => s.run ?? '').join('\n');
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

  it('runs on a version tag, with only the permissions it needs', () => {
    expect(workflow.on.push.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+*']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'write' });
  });

  it('refuses a tag that is not the package\'s version', () => {
    const step = job.steps.find((s) => s.name === 'The tag names the package\'s version')!;
    const env = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-release-')), 'env');
    const at = (tag: string) => spawnSync('bash', ['-c', step.run!], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, GITHUB_REF_NAME: tag, GITHUB_ENV: env } });
    expect(at(`v${version}`).status).toBe(0);
    expect(fs.readFileSync(env, 'utf8')).toBe(`VERSION=${version}\n`);
    const wrong = at('v9.9.9');
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toContain(`::error::tag v9.9.9, but package.json says ${version}`);
  });

  it('builds, tests with the brokers (sudo: the script manages a chroot), packs, publishes with provenance and attaches the tarball and the .vsix', () => {
    const order = ['npm ci --no-audit', 'npm ci --prefix editors/vscode', 'sudo --preserve-env=RABBITMQ4_DEBIAN_MIRROR bash scripts/rabbitmq4.sh start', 'RABBITMQ4_BROKER_REQUIRED=1 RABBITMQ4_VSIX_REQUIRED=1 npm test', 'bash scripts/check-git-install.sh', 'npm pack', 'npm run package --prefix editors/vscode', 'npm publish "rabbitmq4-codemod-$VERSION.tgz" --provenance --access public', 'gh release create "$GITHUB_REF_NAME" --verify-tag'];
    let at = -1;
    for (const command of order) {
      const found = runs.indexOf(command);
      expect(found, command).toBeGreaterThan(at);
      at = found;
    }
    expect(runs).toMatch(/"rabbitmq4-codemod-\$VERSION\.tgz" "rabbitmq4-codemod-vscode-\$VERSION\.vsix"\s*$/m);
    // The tarball npm pack writes is the one published and attached.
    expect(runs).toContain('ls -l "rabbitmq4-codemod-$VERSION.tgz"');
    expect(job.steps.find((s) => s.run?.includes('rabbitmq4.sh stop'))?.if).toBe('always()');
    // No stored token: trusted publishing (OIDC), which needs npm 11.5+.
    expect(JSON.stringify(workflow)).not.toMatch(/NPM_TOKEN|NODE_AUTH_TOKEN|secrets\./);
    expect(runs).toContain('npm install -g npm@11');
    for (const s of job.steps.filter((x) => x.uses)) expect(s.uses).toMatch(/^actions\/(checkout|setup-node)@v6$/);
  });

  it('makes the tag that the Action and pre-commit docs pin', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`/rabbitmq4-codemod@v${version}`);
    expect(readme).toMatch(new RegExp(`rev: v${version.replace(/\./g, '\\.')}\\b`));
    expect(fs.readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')).toContain(`rev: v${version}`);
    expect(readme).toContain('.github/workflows/release.yml');
  });
});

describe('the README', () => {
  it('shows how to use the action and the hooks', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('/rabbitmq4-codemod@v0.1.0');
    expect(readme).toContain('security-events: write');
    for (const hook of hooks) expect(readme).toContain(`\`${hook.id}\``);
    for (const input of ['fail-on', 'target', 'paths', 'args', 'upload', 'working-directory', 'version']) expect(readme, input).toContain(input);
  });
});

describe('the pre-commit hooks (.pre-commit-hooks.yaml)', () => {
  /** pre-commit puts the installed package's bin on the PATH: here, a directory with a link to bin/rabbitmq4-codemod. */
  function runHook(id: string, cwd: string, args: string[] = []) {
    const hook = hooks.find((h) => h.id === id)!;
    const binDir = path.join(cwd, '.hook-bin');
    if (!fs.existsSync(binDir)) {
      fs.mkdirSync(binDir);
      fs.symlinkSync(BIN, path.join(binDir, 'rabbitmq4-codemod'));
    }
    const [cmd, ...entryArgs] = hook.entry.split(' ');
    const env = { ...process.env, NO_COLOR: '1', PATH: `${binDir}${path.delimiter}${process.env.PATH}` };
    const r = spawnSync(cmd, [...entryArgs, ...args], { cwd, encoding: 'utf8', env });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  it('are node hooks that scan the whole project when a source file, a manifest or the config changes', () => {
    expect(hooks.map((h) => h.id)).toEqual(['rabbitmq4-codemod', 'rabbitmq4-codemod-fix']);
    for (const hook of hooks) {
      expect(hook.language).toBe('node');
      // Imports and shared options cross files: the project is scanned, not the staged files alone.
      expect(hook.pass_filenames).toBe(false);
      expect(hook.entry.split(' ')[0]).toBe(Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).bin)[0]);
      const files = new RegExp(hook.files);
      for (const f of ['src/a.ts', 'a.tsx', 'lib/b.mjs', 'c.cjs', 'd.js', 'package.json', 'apps/x/package.json', 'rabbitmq4-codemod.config.json']) expect(files.test(f), `${hook.id} ${f}`).toBe(true);
      for (const f of ['README.md', 'a.json', 'types.d.tsx.snap', 'mypackage.json']) expect(files.test(f), `${hook.id} ${f}`).toBe(false);
    }
  });

  it('fail the commit on what RabbitMQ 4.x refuses, and pass once it is fixed', () => {
    const dir = project({ 'src/worker.ts': WORKER }, { git: true });
    const scan = runHook('rabbitmq4-codemod', dir);
    expect(scan.code, scan.stderr).toBe(1);
    expect(scan.stdout).toContain('transient-nonexclusive-queue');
    // args from the user's .pre-commit-config.yaml come after the entry.
    expect(runHook('rabbitmq4-codemod', dir, ['--fail-on', 'never']).code).toBe(0);

    const check = runHook('rabbitmq4-codemod-fix', dir);
    expect(check.code, check.stderr).toBe(1);
    expect(spawnSync(process.execPath, [BIN, 'fix', '--write', '--allow-dirty'], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
    expect(read(dir, 'src/worker.ts')).toBe(fixture('transient-nonexclusive-queue', 'amqplib-named.output.ts'));
    expect(runHook('rabbitmq4-codemod-fix', dir).code).toBe(0);
    expect(runHook('rabbitmq4-codemod', dir).code).toBe(0);
  });
});
