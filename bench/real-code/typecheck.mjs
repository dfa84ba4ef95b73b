// The type check of fix-check.mjs: every TypeScript project (tsconfig.json) that governs a file `fix --write` changed is
// installed without scripts in a scratch copy and checked with `tsc --noEmit` before and after the fix.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TOOL_ROOT } from './common.mjs';

const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP = new Set(['.git', 'node_modules']);
export const INSTALL_TIMEOUT_MS = Number(process.env.RABBITMQ4_REAL_CODE_INSTALL_TIMEOUT ?? 300) * 1000;
const TSC_TIMEOUT_MS = 300_000;

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

/** The nearest `name` at or above the directory of `file` (paths relative to root, '/'-separated), or undefined. */
function nearest(root, file, name) {
  for (let dir = path.posix.dirname(file); ; dir = path.posix.dirname(dir)) {
    const candidate = dir === '.' ? name : `${dir}/${name}`;
    if (fs.existsSync(path.join(root, candidate))) return candidate;
    if (dir === '.') return undefined;
  }
}

/** Where dependencies are installed for a project: its package.json's folder, or the workspace root above it. */
function installRootOf(root, tsconfig) {
  const pkg = nearest(root, tsconfig, 'package.json');
  if (!pkg) return undefined;
  let at = path.posix.dirname(pkg);
  for (let dir = at; dir !== '.'; ) {
    dir = path.posix.dirname(dir);
    const parent = readJson(path.join(root, dir === '.' ? 'package.json' : `${dir}/package.json`));
    if (parent?.workspaces) at = dir;
  }
  return at;
}

/** `npm ci` / `npm install` without scripts; where npm refuses the peer dependencies (ERESOLVE), once more with --legacy-peer-deps. */
function install(dir) {
  const first = installOnce(dir, []);
  return !first.ok && /ERESOLVE/.test(first.why) ? installOnce(dir, ['--legacy-peer-deps']) : first;
}

/** `npm ci` (a package-lock.json) or `npm install` (none, or a Yarn/pnpm lock), without scripts, within the budget. */
function installOnce(dir, extra) {
  const lock = fs.existsSync(path.join(dir, 'package-lock.json')) || fs.existsSync(path.join(dir, 'npm-shrinkwrap.json'));
  const args = [lock ? 'ci' : 'install', '--ignore-scripts', ...extra, '--no-audit', '--no-fund', '--loglevel', 'error'];
  const started = Date.now();
  const r = spawnSync('npm', args, { cwd: dir, encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS, maxBuffer: 1 << 28 });
  const command = `npm ${args[0]} --ignore-scripts${extra.length ? ` ${extra.join(' ')}` : ''}`;
  const ms = Date.now() - started;
  if (r.error?.code === 'ETIMEDOUT' || r.signal) return { ok: false, command, ms, why: `${command} did not finish in ${INSTALL_TIMEOUT_MS / 1000} s` };
  if (r.status !== 0) {
    const why = `${r.stderr ?? ''}`.split('\n').find((l) => /npm error (?!code|A complete|$)/.test(l)) ?? `exit ${r.status}`;
    return { ok: false, command, ms, why: `${command} failed: ${why.replace(/^npm error /, '')}` };
  }
  return { ok: true, command, ms };
}

/** The repository's own TypeScript (node_modules/typescript between the project and its install root), else the tool's. */
function tscOf(root, tsconfigDir, installRoot) {
  for (let dir = tsconfigDir; ; dir = path.posix.dirname(dir)) {
    const bin = path.join(root, dir, 'node_modules', 'typescript', 'bin', 'tsc');
    if (fs.existsSync(bin)) return { bin, own: true };
    if (dir === installRoot || dir === '.') break;
  }
  return { bin: path.join(TOOL_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), own: false };
}

/** `tsc --noEmit -p tsconfig`: its errors, each keyed without its line (a marker comment shifts lines). */
function tsc(root, bin, tsconfig) {
  const r = spawnSync(process.execPath, [bin, '--noEmit', '--pretty', 'false', '-p', tsconfig], { cwd: root, encoding: 'utf8', timeout: TSC_TIMEOUT_MS, maxBuffer: 1 << 28 });
  if (r.error?.code === 'ETIMEDOUT' || r.signal) return { ran: false, why: `tsc did not finish in ${TSC_TIMEOUT_MS / 1000} s` };
  const errors = [];
  for (const line of `${r.stdout}`.split('\n')) {
    const m = /^(.*?)(?:\((\d+),(\d+)\))?: error (TS\d+): (.*)$/.exec(line);
    if (m) errors.push({ key: `${m[1]}: ${m[4]}: ${m[5]}`, where: `${m[1]}: ${m[4]}`, text: line });
  }
  if (r.status !== 0 && errors.length === 0) return { ran: false, why: `tsc exited ${r.status}: ${`${r.stderr || r.stdout}`.trim().slice(0, 200)}` };
  const version = spawnSync(process.execPath, [bin, '-v'], { encoding: 'utf8' }).stdout.trim().replace(/^Version /, '');
  return { ran: true, errors, version };
}

/** Errors of `after` that `before` does not have (as many times as they occur), each list's unmatched ones. */
function unmatched(before, after) {
  const left = new Map();
  for (const e of before) left.set(e.key, (left.get(e.key) ?? 0) + 1);
  return after.filter((e) => {
    const n = left.get(e.key) ?? 0;
    if (n > 0) left.set(e.key, n - 1);
    return n === 0;
  });
}

/**
 * Errors of `after` that `before` does not have. One whose file and code are those of an error that went away is the
 * same error printed another way (tsc prints a union's members in the order it met them, which differs between runs
 * of a large project: fenix-api's Prisma types), not a new one: it is counted as reworded.
 */
function newErrors(before, after) {
  const gone = new Map();
  for (const e of unmatched(after, before)) gone.set(e.where, (gone.get(e.where) ?? 0) + 1);
  const added = [];
  const reworded = [];
  for (const e of unmatched(before, after)) {
    const n = gone.get(e.where) ?? 0;
    if (n > 0) {
      gone.set(e.where, n - 1);
      reworded.push(e);
    } else added.push(e);
  }
  return { added, reworded };
}

/**
 * Type-checks every project that governs a changed code file: `checkout` is the untouched repository, `fixed` the copy
 * `fix --write` ran in, `changed` the files it changed (relative paths). One result per tsconfig.json.
 */
export function typeCheck(checkout, fixed, changed) {
  const tsconfigs = [...new Set(changed.filter((f) => CODE.test(f)).map((f) => nearest(checkout, f, 'tsconfig.json')).filter(Boolean))].sort();
  if (!tsconfigs.length) return [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fix-check-tsc-'));
  const results = [];
  try {
    fs.cpSync(checkout, scratch, { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) });
    const installs = new Map();
    const projects = tsconfigs.map((tsconfig) => ({ tsconfig, installRoot: installRootOf(checkout, tsconfig) }));
    for (const p of projects) {
      if (p.installRoot === undefined) p.install = { ok: false, why: 'no package.json at or above the tsconfig' };
      else {
        if (!installs.has(p.installRoot)) installs.set(p.installRoot, install(path.join(scratch, p.installRoot)));
        p.install = installs.get(p.installRoot);
      }
    }
    const checked = projects.filter((p) => p.install.ok);
    for (const p of checked) {
      p.tsc = tscOf(scratch, path.posix.dirname(p.tsconfig), p.installRoot);
      p.before = tsc(scratch, p.tsc.bin, p.tsconfig);
    }
    for (const f of changed) fs.copyFileSync(path.join(fixed, f), path.join(scratch, f));
    for (const p of checked) if (p.before.ran) p.after = tsc(scratch, p.tsc.bin, p.tsconfig);
    for (const p of projects) {
      const r = { tsconfig: p.tsconfig, installRoot: p.installRoot, install: p.install.ok ? `${p.install.command} (${Math.round(p.install.ms / 1000)} s)` : undefined };
      if (!p.install.ok) results.push({ ...r, status: 'not checked', why: p.install.why });
      else if (!p.before.ran) results.push({ ...r, status: 'not checked', why: `before the fix: ${p.before.why}` });
      else if (!p.after.ran) results.push({ ...r, status: 'failed', why: `after the fix: ${p.after.why}` });
      else {
        const { added, reworded } = newErrors(p.before.errors, p.after.errors);
        results.push({
          ...r,
          typescript: `${p.before.version}${p.tsc.own ? '' : ' (the tool\'s: the project has none)'}`,
          status: p.before.errors.length ? 'errors before' : 'clean before',
          before: p.before.errors.length,
          after: p.after.errors.length,
          newErrors: added.map((e) => e.text),
          ...(reworded.length ? { reworded: reworded.map((e) => e.text) } : {}),
        });
      }
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return results;
}
