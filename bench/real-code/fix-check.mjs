// The do-no-harm check: `fix --write` on a copy of every restored repository, then every changed file must re-parse,
// a second `fix --check` must exit 0, each lock file must still agree with its package.json (npm ci --dry-run), and
// each TypeScript project a changed file belongs to must type-check as before; every rewrite is listed with its premise.
//   node bench/real-code/fix-check.mjs [--repo owner/name[,...]] [--json FILE] [--out FILE] [--typecheck no]
//   node bench/real-code/fix-check.mjs --merge a.json,b.json [--out FILE]   (one report of runs over parts of the set)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { typeCheck, INSTALL_TIMEOUT_MS } from './typecheck.mjs';
import { BIN, REPORT_FILE, TOOL_ROOT, cell, parseArgs, seconds, selectRepos, toolCommit, truncate, writeSection } from './common.mjs';

const require = createRequire(import.meta.url);
const { parseSource, isJsonPath } = require(path.join(TOOL_ROOT, 'dist', 'parse', 'index.js'));
const { lockedVersion } = require(path.join(TOOL_ROOT, 'dist', 'deps', 'locked.js'));
const { parseVersion, satisfies } = require(path.join(TOOL_ROOT, 'dist', 'deps', 'semver.js'));
const { WATCHED_PACKAGES } = require(path.join(TOOL_ROOT, 'dist', 'deps', 'manifests.js'));

const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const SKIP = new Set(['.git', 'node_modules']);
const LOCK_FILES = new Set(['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml']);

/** Every file below `root` (not .git, not node_modules), by path relative to it. */
function files(root) {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(e.name)) continue;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile()) out.push(path.relative(root, abs).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out;
}

const cli = (cwd, ...args) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: '1' } });

/** `npm ci --dry-run --ignore-scripts` in a directory: npm refuses a package.json and lock file that disagree. */
function npmCi(dir) {
  const r = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8', timeout: 180_000 });
  const why = `${r.stderr ?? ''}`.split('\n').find((l) => /npm error (?!code|A complete|$)/.test(l)) ?? r.error?.message ?? '';
  return { ok: r.status === 0, why: why.replace(/^npm error /, '') };
}

/** Each watched range of a package.json that its lock file (npm, Yarn or pnpm) installs a version of, and whether the version satisfies it. */
function rangesAgainstLock(pkgAbs) {
  let pkg;
  try {
    pkg = JSON.parse(fs.readFileSync(pkgAbs, 'utf8'));
  } catch {
    return [];
  }
  const out = [];
  for (const section of SECTIONS) {
    for (const name of WATCHED_PACKAGES) {
      const range = pkg?.[section]?.[name];
      if (typeof range !== 'string') continue;
      const locked = lockedVersion(pkgAbs, name, range);
      const v = locked?.version && parseVersion(locked.version);
      if (!v) continue;
      out.push({ name, range, version: locked.version, lock: path.basename(locked.absolute), ok: satisfies(v, range) !== false });
    }
  }
  return out;
}

/**
 * The rewrites `fix --write` applies, from the JSON report, each with the condition it relied on: the finding's
 * `fix.premise` (`fix.premises` or `fix.condition`) when the tool names one, else undefined (grouped by rule and description).
 */
function rewritesOf(dir) {
  const r = cli(dir, 'scan', '.', '--format', 'json', '--fail-on', 'never');
  if (r.status !== 0) return { rewrites: [], error: `scan exited ${r.status}: ${truncate(r.stderr, 200)}` };
  const report = JSON.parse(r.stdout);
  const rewrites = report.findings
    .filter((f) => f.fix?.kind === 'rewrite')
    .map((f) => ({ file: f.file, line: f.line, rule: f.ruleId, description: f.fix.description, premise: premiseOf(f.fix) }));
  return { rewrites };
}

// The fixsafe branch names premises in src/fix/premises.ts (premisesOf(intents): string[]); the JSON field is read as
// `premise`, `premises` (a list) or `condition`, whichever the build writes.
const premiseOf = (fix) => {
  const p = fix.premise ?? fix.premises ?? fix.condition;
  if (Array.isArray(p)) return p.length ? p.join('; ') : undefined;
  if (p === undefined || p === null) return undefined;
  return typeof p === 'string' ? p : JSON.stringify(p);
};

function checkRepo(spec, opts) {
  const started = Date.now();
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `fix-check-${spec.slug}-`));
  fs.cpSync(spec.checkout, copy, { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) });
  const { rewrites, error: scanError } = rewritesOf(copy);
  const before = new Map(files(copy).map((f) => [f, fs.readFileSync(path.join(copy, f))]));
  const problems = [];
  if (scanError) problems.push(scanError);
  // What npm accepts before the fix (a lock file already out of step is not the fix's doing).
  const manifests = [...before.keys()].filter((f) => path.basename(f) === 'package.json');
  const locks = manifests.filter((f) => before.has(path.posix.join(path.posix.dirname(f), 'package-lock.json')));
  const rangesBefore = new Map(manifests.map((f) => [f, rangesAgainstLock(path.join(copy, f))]));

  const write = cli(copy, 'fix', '.', '--write', '--allow-dirty');
  if (write.status !== 0) problems.push(`fix --write exited ${write.status}: ${truncate(write.stderr || write.stdout, 300)}`);
  const after = files(copy);
  const changed = after.filter((f) => !before.has(f) || !before.get(f).equals(fs.readFileSync(path.join(copy, f))));
  const created = after.filter((f) => !before.has(f));
  if (created.length) problems.push(`files created: ${created.join(', ')}`);

  for (const f of changed) {
    const text = fs.readFileSync(path.join(copy, f), 'utf8');
    if (LOCK_FILES.has(path.basename(f))) problems.push(`${f}: a lock file was edited (they belong to the package manager)`);
    if (isJsonPath(f)) {
      try {
        JSON.parse(text);
      } catch (e) {
        problems.push(`${f} is no longer JSON: ${e.message}`);
      }
      continue;
    }
    const parsed = parseSource(text, f);
    if (!parsed.ok) problems.push(`${f} no longer parses: ${parsed.error.message} at ${parsed.error.line}:${parsed.error.column}`);
  }

  const again = cli(copy, 'fix', '.', '--check');
  // fix --check exits 2 when a file could not be checked: not the fix's doing when every such file is one the fix left
  // alone that did not parse before it either (the repository's own syntax error).
  const unchecked = [...`${again.stdout}\n${again.stderr}`.matchAll(/^error (.+?): cannot parse/gm)].map((m) => m[1]);
  const preexisting = again.status === 2 && /Would change 0 files/.test(again.stdout) && unchecked.length > 0 && unchecked.every((f) => !changed.includes(f) && before.has(f) && !parseSource(before.get(f).toString('utf8'), f).ok);
  if (again.status !== 0 && !preexisting) problems.push(`a second fix --check exited ${again.status}: ${truncate(again.stdout.split('\n').find((l) => /Would change/.test(l)) ?? again.stderr, 200)}`);

  let ciChecked = 0;
  const ciPassed = { before: 0, after: 0 };
  // Every npm project, changed or not: npm must accept after the fix whatever it accepted before it.
  for (const f of locks) {
    ciChecked++;
    // The untouched checkout says what npm accepted before the fix.
    const was = npmCi(path.join(spec.checkout, path.dirname(f)));
    const now = npmCi(path.join(copy, path.dirname(f)));
    if (was.ok) ciPassed.before++;
    if (now.ok) ciPassed.after++;
    if (was.ok && !now.ok) problems.push(`npm ci --dry-run in ${path.dirname(f)} passed before the fix and fails after it: ${now.why}`);
  }
  let rangesChecked = 0;
  for (const f of manifests) {
    const was = rangesBefore.get(f);
    for (const r of rangesAgainstLock(path.join(copy, f))) {
      rangesChecked++;
      const old = was.find((w) => w.name === r.name);
      if (!r.ok && (!old || old.ok)) problems.push(`${f}: ${r.name} "${r.range}" no longer admits the ${r.version} that ${r.lock} pins`);
    }
  }
  // Type check: every project a changed code file belongs to, before and after the fix, its dependencies installed.
  const typecheck = opts.typecheck === 'no' ? [] : typeCheck(spec.checkout, copy, changed);
  for (const t of typecheck) {
    if (t.newErrors?.length) problems.push(`${t.tsconfig}: tsc --noEmit reports ${t.newErrors.length} new error(s) after the fix: ${truncate(t.newErrors.join(' / '), 300)}`);
    if (t.status === 'failed') problems.push(`${t.tsconfig}: ${t.why}`);
  }
  fs.rmSync(copy, { recursive: true, force: true });
  return { repo: spec.repo, changed, problems, ciChecked, ciPassed, rangesChecked, rewrites, typecheck, ms: Date.now() - started };
}

function render(results, missing, meta) {
  const changedFiles = results.reduce((n, r) => n + r.changed.length, 0);
  const manifests = results.reduce((n, r) => n + r.changed.filter((f) => path.basename(f) === 'package.json').length, 0);
  const failing = results.filter((r) => r.problems.length);
  const lines = [
    '## Do no harm: `fix --write` over the set',
    '',
    `Produced by \`node bench/real-code/fix-check.mjs\` on ${meta.date}${meta.parallel ? ` (${meta.parallel} runs over parts of the set, merged with --merge: each repository's result from the first run listed that has one)` : ''}, with the tool at commit ${meta.commit}: ${results.length} repositories, ${seconds(meta.ms)}${meta.parallel ? ' (the longest run)' : ''}.${meta.partial ? ' **Partial: the run was stopped before every repository was checked; the rest are not listed.**' : ''}`,
    '',
    'Each restored repository is copied to a temporary directory (without `.git` and `node_modules`) and fixed there with `fix . --write --allow-dirty`. Then: every changed file must parse again (JavaScript/TypeScript with the tool\'s own parser, JSON with `JSON.parse`); a second `fix . --check` must exit 0 (nothing left to change); every package.json must still agree with its lock file: `npm ci --dry-run --ignore-scripts` in every directory with a package.json and a package-lock.json, in the untouched checkout and in the fixed copy (only a pass that turns into a failure counts: npm refuses a package.json and a lock file out of step), and for every lock file (npm, Yarn, pnpm, a workspace root\'s too) each watched range must still admit the version the lock file installs (the project\'s own semver code). No file may be created.',
    '',
    '| measure | value |',
    '|---|---|',
    `| repositories fixed | ${results.length} |`,
    `| files changed | ${changedFiles} (${manifests} package.json) |`,
    `| repositories with a problem | ${failing.length} |`,
    `| npm projects checked with npm ci --dry-run (a package.json beside a package-lock.json) | ${results.reduce((n, r) => n + r.ciChecked, 0)}: ${results.reduce((n, r) => n + r.ciPassed.before, 0)} pass before the fix, ${results.reduce((n, r) => n + r.ciPassed.after, 0)} after it |`,
    `| watched package.json ranges checked against the version their lock file installs, after the fix | ${results.reduce((n, r) => n + r.rangesChecked, 0)} |`,
    '',
    '| repository | files changed | problems |',
    '|---|---|---|',
    ...results.map((r) => `| ${r.repo} | ${r.changed.length} | ${r.problems.length ? cell(r.problems.join('; ')) : 'none'} |`),
  ];
  if (missing.length) lines.push('', `Not checked (no checkout): ${missing.join(', ')}.`);
  lines.push('', ...renderTypeCheck(results, meta), '', ...renderRewrites(results));
  return lines.join('\n');
}

/** The type check: per project a changed file belongs to, what tsc said before and after the fix. */
function renderTypeCheck(results, meta) {
  const projects = results.flatMap((r) => r.typecheck.map((t) => ({ repo: r.repo, ...t })));
  const count = (status) => projects.filter((p) => p.status === status);
  const clean = count('clean before');
  const dirty = count('errors before');
  const added = projects.filter((p) => p.newErrors?.length);
  const untouched = results.filter((r) => !r.typecheck.length && r.changed.length === 0).length;
  const noTs = results.filter((r) => !r.typecheck.length && r.changed.length > 0).length;
  const lines = [
    '### Type check: `tsc --noEmit` before and after the fix',
    '',
    meta.typecheck === 'no'
      ? 'Not run (`--typecheck no`).'
      : `Every tsconfig.json that governs a file the fix changed (the nearest one above it) is checked in a scratch copy of the untouched repository: dependencies installed without scripts (\`npm ci --ignore-scripts\` where a package-lock.json is, else \`npm install --ignore-scripts\`, at the package.json above the tsconfig or its workspace root; ${INSTALL_TIMEOUT_MS / 1000} s budget per install), then \`tsc --noEmit -p <tsconfig>\` with the repository's own TypeScript (the tool's when it has none), then the fixed files copied in and the same tsc again. An error after the fix that was not there before (same file, code and message; lines are not compared, since a marker comment shifts them) is a problem. A repository whose fix changed no file of a TypeScript project has nothing to check.`,
  ];
  if (meta.typecheck === 'no') return lines;
  lines.push(
    '',
    '| measure | value |',
    '|---|---|',
    `| projects checked (a tsconfig.json over a changed file) | ${projects.length} in ${results.filter((r) => r.typecheck.length).length} repositories |`,
    `| that type-check before the fix (0 errors) | ${clean.length}: ${clean.filter((p) => !p.newErrors.length).length} with no error after it |`,
    `| with errors before the fix (no new error is the test) | ${dirty.length}: ${dirty.filter((p) => !p.newErrors.length).length} with no new error |`,
    `| not checked (install or tsc could not run: reason below) | ${count('not checked').length + count('failed').length} |`,
    `| projects with a new error after the fix | ${added.length} |`,
    `| repositories where the fix changed no file / only files of no TypeScript project | ${untouched} / ${noTs} |`,
    '',
    '| repository | tsconfig | install | TypeScript | errors before | after | new | note |',
    '|---|---|---|---|---|---|---|---|',
    ...projects.map((p) => `| ${p.repo} | ${p.tsconfig} | ${p.install ?? '-'} | ${p.typescript ?? '-'} | ${p.before ?? '-'} | ${p.after ?? '-'} | ${p.newErrors?.length ?? '-'} | ${cell(p.why ?? (p.newErrors?.length ? truncate(p.newErrors.join(' / '), 200) : p.reworded?.length ? `${p.reworded.length} error(s) printed otherwise after the fix, same file and code (a union's members in another order): ${truncate(p.reworded[0], 160)}` : ''))} |`),
  );
  return lines;
}

/** Every rewrite the fix applied, with the condition it relied on (the JSON's fix.premise), grouped by rule. */
function renderRewrites(results) {
  const all = results.flatMap((r) => r.rewrites.map((w) => ({ repo: r.repo, ...w })));
  const named = all.filter((w) => w.premise !== undefined);
  const groups = new Map();
  for (const w of all) {
    const key = `${w.rule}\u0000${w.premise ?? ''}\u0000${w.premise === undefined ? w.description : ''}`;
    if (!groups.has(key)) groups.set(key, { rule: w.rule, premise: w.premise, description: w.description, sites: [] });
    groups.get(key).sites.push(`${w.repo} ${w.file}:${w.line}`);
  }
  const sorted = [...groups.values()].sort((a, b) => a.rule.localeCompare(b.rule) || (a.premise ?? a.description).localeCompare(b.premise ?? b.description));
  return [
    '### Rewrites and the condition each relied on',
    '',
    `${all.length} rewrites applied (findings whose \`fix.kind\` is \`rewrite\` in \`scan --format json\` of the copy); ${named.length} name their condition (\`fix.premise\`). A rewrite whose build names none is grouped by its rule and fix description.`,
    '',
    '| rule | condition relied on (`fix.premise`) or, where none is named, the fix description | rewrites | where |',
    '|---|---|---|---|',
    ...sorted.map((g) => `| ${g.rule} | ${cell(g.premise ?? `(no premise named) ${truncate(g.description, 160)}`)} | ${g.sites.length} | ${cell(truncate(g.sites.join(', '), 400))} |`),
  ];
}

const opts = parseArgs(process.argv.slice(2), ['repo', 'json', 'out', 'typecheck', 'merge']);
if (opts.merge) {
  // Runs in parallel over parts of the set (each with --json): one report, each repository's first result.
  const runs = opts.merge.split(',').map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
  const seen = new Set();
  const order = selectRepos([]).map((s) => s.repo);
  const merged = runs.flatMap((r) => r.results).filter((r) => !seen.has(r.repo) && seen.add(r.repo)).sort((a, b) => order.indexOf(a.repo) - order.indexOf(b.repo));
  const checked = new Set(merged.map((r) => r.repo));
  const missing = [...new Set(runs.flatMap((r) => r.missing))].filter((m) => !checked.has(m));
  const commits = [...new Set(runs.map((r) => r.commit))];
  if (commits.length > 1) throw new Error(`the runs are of different builds: ${commits.join(', ')}`);
  const notRun = selectRepos([]).filter((s) => s.present && !checked.has(s.repo)).map((s) => s.repo);
  const meta = { date: runs[0].date, commit: commits[0], ms: Math.max(...runs.map((r) => r.ms)), typecheck: runs[0].typecheck, partial: notRun.length > 0, parallel: runs.length };
  writeSection(path.resolve(opts.out ?? REPORT_FILE), 'fix-check', render(merged, missing, meta), ['score', 'fix-check', 'mutation']);
  console.log(`${merged.length} repositories from ${runs.length} runs${notRun.length ? `; not run: ${notRun.join(', ')}` : ''}`);
  process.exit(0);
}
const started = Date.now();
const repos = selectRepos(opts.repo);
const results = [];
function writeReport(partial) {
  const missing = repos.filter((r) => !r.present).map((r) => r.repo);
  const meta = { date: new Date().toISOString().slice(0, 10), commit: toolCommit(), ms: Date.now() - started, typecheck: opts.typecheck, partial };
  writeSection(path.resolve(opts.out ?? REPORT_FILE), 'fix-check', render(results, missing, meta), ['score', 'fix-check', 'mutation']);
  if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ ...meta, results, missing }, null, 2));
  return meta;
}
for (const spec of repos.filter((r) => r.present)) {
  const r = checkRepo(spec, opts);
  results.push(r);
  console.log(`${spec.repo.padEnd(60)} ${String(r.changed.length).padStart(3)} changed, ${r.problems.length ? `PROBLEMS: ${r.problems.join('; ')}` : 'ok'}  ${seconds(r.ms)}`);
  for (const w of r.rewrites) console.log(`    rewrite ${w.rule} ${w.file}:${w.line}: ${w.premise !== undefined ? `premise: ${w.premise}` : `(no premise named) ${truncate(w.description, 120)}`}`);
  for (const t of r.typecheck) console.log(`    tsc ${t.tsconfig}: ${t.status}${t.before !== undefined ? `, ${t.before} errors before, ${t.after} after, ${t.newErrors.length} new${t.reworded?.length ? `, ${t.reworded.length} reworded` : ''}` : `: ${t.why}`}`);
  // Written after every repository, so that a long run stopped midway keeps what it checked.
  writeReport(results.length < repos.filter((s) => s.present).length);
}
const missing = repos.filter((r) => !r.present).map((r) => r.repo);
const meta = writeReport(false);
const bad = results.filter((r) => r.problems.length).length;
console.log(`\n${results.length} repositories fixed, ${bad} with a problem; ${seconds(meta.ms)}.`);
process.exitCode = bad ? 1 : 0;
