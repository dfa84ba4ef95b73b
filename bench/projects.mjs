// Project benchmark (issue 24): rabbitmq4-codemod on a real large repository, against the peers measured
// beside it in the same run, as ratios. The repository is typeorm (3,778 files that do nothing with
// RabbitMQ) at the commit bench/projects/typeorm.json pins, with the RabbitMQ probes of
// bench/projects/probes/ dropped in (bench/projects/restore.mjs does both, from the local snapshot).
//
//   sparse   `scan --format json` on typeorm+probes vs ast-grep's one pattern         target <= 0.5x
//   copies   ten copies side by side (~36k files) vs `grep -rlE` of the names the
//            tool's prefilter looks for (read from the built clients' `mentions`)     target <= 2x,
//            peak RSS (GNU time %M) <= 150 MB, findings exactly ten times one copy's (PASS/FAIL)
//   cache    a warm `scan --cache` over the unchanged copies vs the same grep         target <= 1.0x
//            (skipped, saying so, while `scan --help` does not mention --cache)
//   dense    the files of the real-code set (bench/real-code/checkouts) that mention
//            a client, in one corpus: scan's MB/s                                     target >= 3 MB/s;
//            and the generated dense corpus's MB/s, from bench/run.mjs's last run
//            (bench/corpus/results.json; measured here if that is missing or older than the build)
//   lsp      bench/lsp-project.mjs: initialize -> the opened probe's project-level
//            diagnostics in the typeorm+probes workspace                              target <= 2 s
//
//   npm run bench:projects        (build, then this; `npm run bench` runs it after bench/run.mjs)
//   node bench/projects.mjs [--rounds 5] [--copies 10] [--only sparse,copies,cache,dense,lsp]
//                           [--real-code DIR] [--lsp-rounds 3] [--lsp-timeout-ms 20000]
//
// Needs the typeorm snapshot (/work/.mirror/typeorm+typeorm/repo: fetch github:typeorm/typeorm), GNU time
// (apt-get install time) for CPU and memory, and for the real-code row a restored real-code set
// (node bench/real-code/restore.mjs). Each round runs every tool once, alternating; medians are reported.
// About 4-6 minutes at 5 rounds on 2 cores today (the ten-copy scans and the language server's timeouts
// dominate; less once the index lands); the first run also writes the copies (~320 MB, a few seconds).
// RABBITMQ4_BENCH_BIN=<path to a bin>: measure another build's CLI and server.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { measureProjectOpen, projectOpenCheck } from './lsp-project.mjs';
import { alternate, astGrepBinary, BIN, checkLine, corpusSize, GENERATED_RESULTS, load, machineLine, option, printTable, ROOT, run, SOURCE, timeLine } from './lib/measure.mjs';
import { CHECKOUT, COPIES, PIN, restoreCheckout, restoreCopies } from './projects/restore.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const ROUNDS = Number(option(args, 'rounds', 5));
const N = Number(option(args, 'copies', 10));
const ONLY = option(args, 'only', 'sparse,copies,cache,dense,lsp').split(',');
const REAL_CODE = path.resolve(option(args, 'real-code', path.join(ROOT, 'bench', 'real-code', 'checkouts')));
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-bench-projects-'));
const PATTERN = '$C.assertQueue($$$)';
const TARGETS = { sparse: 0.5, copies: 2, rss: 150, cache: 1, mbps: 3 };

// ---------------------------------------------------------------------------------------------
// The tools

/** The built clients' `mentions` (the tool's prefilter) as one grep -E pattern, each alternative once. */
function clientNamesPattern() {
  const { CLIENTS } = require(path.join(ROOT, 'dist', 'clients', 'index.js'));
  const alternatives = CLIENTS.flatMap((c) => c.mentions.source.split('|')).map((a) => a.replace(/\\\//g, '/'));
  return [...new Set(alternatives)].join('|');
}
const MENTIONS = clientNamesPattern();
const mentionsClient = new RegExp(MENTIONS);

function scanTool(cwd, name, extra = []) {
  const out = path.join(TMP, `scan-${name}.json`);
  return {
    label: `rabbitmq4-codemod scan --format json${extra.length ? ` ${extra.filter((a) => !a.startsWith(TMP)).join(' ')}` : ''}`,
    cmd: process.execPath,
    args: [BIN, 'scan', '--format', 'json', '--fail-on', 'never', '--output', out, ...extra, '.'],
    cwd,
    report: () => JSON.parse(fs.readFileSync(out, 'utf8')),
    check() {
      const r = this.report();
      return `${r.summary.files} files, ${r.summary.parsed} parsed, ${r.summary.parseErrors} parse errors, ${r.findings.length} findings`;
    },
  };
}

function astGrepTool(cwd, name) {
  const sg = astGrepBinary();
  if (!sg) return undefined;
  const out = path.join(TMP, `ast-grep-${name}.json`);
  return { label: `ast-grep run -p '${PATTERN}' --json=compact`, cmd: sg, args: ['run', '--pattern', PATTERN, '--json=compact', '.'], cwd, stdout: out, check: () => `${JSON.parse(fs.readFileSync(out, 'utf8')).length} matches` };
}

function grepTool(cwd, name) {
  const out = path.join(TMP, `grep-${name}.txt`);
  return {
    label: "grep -rlE --exclude-dir=.git '<the prefilter's names>' .",
    cmd: 'grep',
    args: ['-rlE', '--exclude-dir=.git', MENTIONS, '.'],
    cwd,
    stdout: out,
    ok: [0, 1], // 1: no file matched
    check: () => `${fs.readFileSync(out, 'utf8').split('\n').filter(Boolean).length} files listed`,
  };
}

// ---------------------------------------------------------------------------------------------
// Findings: what one copy finds, and whether the copies find exactly that

const findingKey = (f) => `${f.file}:${f.line}:${f.column}:${f.ruleId}`;

function ruleCounts(findings) {
  const counts = {};
  for (const f of findings) counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1;
  return Object.entries(counts).sort().map(([r, n]) => `${r} ${n}`).join(', ');
}

/** Each copy's findings (paths made relative to the copy) against one copy's: PASS, or FAIL and how. */
function tenTimes(report, reference) {
  const want = reference.findings.map(findingKey).sort();
  const problems = [];
  const byCopy = new Map(Array.from({ length: N }, (_, i) => [`copy-${i}`, []]));
  for (const f of report.findings) {
    const [copy, ...rest] = f.file.split('/');
    if (!byCopy.has(copy)) problems.push(`a finding outside the copies: ${findingKey(f)}`);
    else byCopy.get(copy).push({ ...f, file: rest.join('/') });
  }
  for (const [copy, findings] of byCopy) {
    const got = findings.map(findingKey).sort();
    if (got.join('\n') === want.join('\n')) continue;
    const missing = want.filter((k) => !got.includes(k));
    const extra = got.filter((k) => !want.includes(k));
    problems.push(`${copy}: ${got.length} findings (${ruleCounts(findings) || 'none'})${missing.length ? `; missing ${missing.slice(0, 3).join(', ')}` : ''}${extra.length ? `; extra ${extra.slice(0, 3).join(', ')}` : ''}`);
  }
  const ok = problems.length === 0 && report.findings.length === N * want.length;
  return { ok, line: `${report.findings.length} findings, ${N} x ${want.length} expected (one copy: ${ruleCounts(reference.findings) || 'none'}): ${ok ? 'PASS' : 'FAIL'}`, problems };
}

/** The probes' findings against the ones typeorm.json pins, and any finding in typeorm's own code. */
function probeCheck(report) {
  const into = `${PIN.probes.into}/`;
  const notes = [];
  const outside = report.findings.filter((f) => !f.file.startsWith(into));
  if (outside.length) notes.push(`${outside.length} findings in typeorm's own code (${ruleCounts(outside)}), e.g. ${findingKey(outside[0])}`);
  const files = new Set([...Object.keys(PIN.probes.findings), ...report.findings.filter((f) => f.file.startsWith(into)).map((f) => f.file.slice(into.length))]);
  for (const file of [...files].sort()) {
    const want = [...(PIN.probes.findings[file] ?? [])].sort().join(', ');
    const got = report.findings.filter((f) => f.file === into + file).map((f) => f.ruleId).sort().join(', ');
    if (want !== got) notes.push(`${file}: ${got || 'nothing'}, typeorm.json pins ${want || 'nothing'}`);
  }
  return notes.length ? `probes: NOT as pinned in bench/projects/typeorm.json: ${notes.join('; ')}` : `probes: ${report.findings.length} findings, as bench/projects/typeorm.json pins them`;
}

// ---------------------------------------------------------------------------------------------
// The measurements

const ratio = (a, b) => a / b;
const fmt = (x, d = 2) => (x === undefined || Number.isNaN(x) ? 'n/a' : x.toFixed(d));
const progress = (names) => (r, m) => process.stderr.write(`  round ${r + 1}/${ROUNDS}: ${names.map((t) => `${t} ${m[t].wall[r].toFixed(2)} s (cpu ${m[t].cpu[r].toFixed(2)} s)`).join(', ')} (load ${load()})\n`);
const mb = (bytes) => (bytes / 1e6).toFixed(2);
const heading = (title, size) => console.log(`\n## ${title}: ${size.files.toLocaleString('en-US')} source files, ${size.lines.toLocaleString('en-US')} lines, ${mb(size.bytes)} MB`);

function sparse() {
  const size = corpusSize(CHECKOUT);
  heading('sparse: typeorm with the probes', size);
  const tools = { scan: scanTool(CHECKOUT, 'sparse'), ...(astGrepTool(CHECKOUT, 'sparse') ? { 'ast-grep': astGrepTool(CHECKOUT, 'sparse') } : {}) };
  const m = alternate(tools, ROUNDS, { progress: progress(Object.keys(tools)) });
  printTable(tools, m, size);
  const reference = tools.scan.report();
  console.log(`\n${probeCheck(reference)}`);
  const r = m['ast-grep'] && ratio(m.scan.med, m['ast-grep'].med);
  if (r !== undefined) console.log(`scan / ast-grep      = ${fmt(r)} (CPU time: ${fmt(ratio(m.scan.cpuMed, m['ast-grep'].cpuMed))})`);
  return { size, m, ratio: r, reference };
}

function copies(reference) {
  const size = corpusSize(COPIES);
  heading(`copies: ${N} copies of typeorm with the probes, side by side`, size);
  const tools = { scan: scanTool(COPIES, 'copies'), grep: grepTool(COPIES, 'copies') };
  const m = alternate(tools, ROUNDS, { progress: progress(['scan', 'grep']) });
  printTable(tools, m, size);
  const check = tenTimes(tools.scan.report(), reference);
  console.log(`\nfindings: ${check.line}`);
  for (const p of check.problems.slice(0, 10)) console.log(`  ${p}`);
  const r = ratio(m.scan.med, m.grep.med);
  console.log(`scan / grep          = ${fmt(r)} (CPU time: ${fmt(ratio(m.scan.cpuMed, m.grep.cpuMed))}); scan peak RSS ${fmt(m.scan.rssMax, 0)} MB`);
  return { size, m, ratio: r, rss: m.scan.rssMax, check, report: tools.scan.report() };
}

function cacheAvailable() {
  const help = spawnSync(process.execPath, [BIN, 'scan', '--help'], { encoding: 'utf8' });
  return /--cache\b/.test(`${help.stdout}${help.stderr}`);
}

function cache(reference, size) {
  console.log(`\n## cache: a warm scan --cache over the ${N} unchanged copies`);
  if (!cacheAvailable()) {
    console.log('\n--cache: not available in this build (`scan --help` does not mention it): skipped');
    return undefined;
  }
  const location = path.join(TMP, 'scan-cache');
  const warm = scanTool(COPIES, 'cache', ['--cache', '--cache-location', location]);
  const cold = run(warm);
  const coldCheck = tenTimes(warm.report(), reference);
  console.log(`\ncold run (fills the cache at ${path.relative(TMP, location)}): ${fmt(cold.wall)} s, cpu ${fmt(cold.cpu)} s, peak RSS ${fmt(cold.rss, 0)} MB; findings: ${coldCheck.line}`);
  const tools = { 'scan --cache (warm)': warm, grep: grepTool(COPIES, 'cache') };
  const m = alternate(tools, ROUNDS, { warm: [], progress: progress(Object.keys(tools)) });
  printTable(tools, m, size);
  const check = tenTimes(warm.report(), reference);
  console.log(`\nwarm findings: ${check.line}`);
  for (const p of check.problems.slice(0, 10)) console.log(`  ${p}`);
  const r = ratio(m['scan --cache (warm)'].med, m.grep.med);
  console.log(`warm scan / grep     = ${fmt(r)} (CPU time: ${fmt(ratio(m['scan --cache (warm)'].cpuMed, m.grep.cpuMed))})`);
  return { m, ratio: r, check, coldCheck };
}

/** A value of the built tool's (dist/), or `fallback` if a rewrite moved it. */
function fromDist(file, name, fallback) {
  try {
    return require(path.join(ROOT, 'dist', file))[name] ?? fallback;
  } catch {
    return fallback;
  }
}
/** Directories the scan never enters (node_modules, dist, .yarn, ...) and the largest file it reads. */
const SKIPPED = fromDist('discover/index.js', 'SKIPPED_DIRECTORIES', new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'build', 'out', 'coverage', '.next', '.nuxt', '.turbo', '.cache', '.yarn', 'bower_components']));
const MAX_FILE_BYTES = fromDist('engine/project.js', 'DEFAULT_MAX_FILE_BYTES', 2 * 1024 * 1024);

/** The tracked source files of a checkout that a scan of it reads: not in a skipped directory, not too large. */
function sourcesOf(checkout) {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: checkout, encoding: 'utf8', maxBuffer: 1 << 28 });
  const files = listed.status === 0 ? listed.stdout.split('\0').filter(Boolean) : fs.readdirSync(checkout, { recursive: true });
  return files.filter((f) => {
    if (!SOURCE.test(f) || /\.d\.[mc]?ts$/.test(f) || f.split('/').some((d) => SKIPPED.has(d))) return false;
    const st = fs.statSync(path.join(checkout, f), { throwIfNoEntry: false });
    return st?.isFile() && st.size <= MAX_FILE_BYTES;
  });
}

/** The real-code set's files that mention a client, copied (repository by repository) into one corpus. */
function realCodeCorpus() {
  const repos = fs.existsSync(REAL_CODE) ? fs.readdirSync(REAL_CODE).filter((d) => fs.statSync(path.join(REAL_CODE, d)).isDirectory()).sort() : [];
  if (repos.length === 0) return undefined;
  const dir = path.join(TMP, 'real-code-rabbitmq');
  for (const repo of repos) {
    for (const f of sourcesOf(path.join(REAL_CODE, repo))) {
      const text = fs.readFileSync(path.join(REAL_CODE, repo, f));
      if (!mentionsClient.test(text.toString('utf8'))) continue;
      fs.mkdirSync(path.dirname(path.join(dir, repo, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, repo, f), text);
    }
  }
  return { dir, repos: repos.length };
}

function denseReal() {
  const corpus = realCodeCorpus();
  if (!corpus) {
    console.log(`\n## dense: the real-code set's RabbitMQ files\n\nno real-code checkouts in ${path.relative(process.cwd(), REAL_CODE) || REAL_CODE}: skipped (node bench/real-code/restore.mjs restores them)`);
    return undefined;
  }
  const size = corpusSize(corpus.dir);
  heading(`dense: the RabbitMQ files of the real-code set (${corpus.repos} repositories, the files that mention a client)`, size);
  const tools = { scan: scanTool(corpus.dir, 'real-code'), ...(astGrepTool(corpus.dir, 'real-code') ? { 'ast-grep': astGrepTool(corpus.dir, 'real-code') } : {}) };
  const m = alternate(tools, ROUNDS, { progress: progress(Object.keys(tools)) });
  printTable(tools, m, size);
  const mbps = size.bytes / 1e6 / m.scan.med;
  console.log(`\nscan: ${fmt(mbps)} MB/s (${fmt(size.bytes / 1e6 / m.scan.cpuMed)} MB per CPU second)`);
  return { size, m, mbps, cpuMbps: size.bytes / 1e6 / m.scan.cpuMed };
}

/** The generated dense corpus's MB/s: bench/run.mjs's, if it ran on this build; else measured here. */
function denseGenerated() {
  const built = fs.statSync(path.join(ROOT, 'dist')).mtimeMs;
  const saved = fs.existsSync(GENERATED_RESULTS) ? JSON.parse(fs.readFileSync(GENERATED_RESULTS, 'utf8')) : undefined;
  const d = saved?.results.find((r) => r.name === 'dense');
  if (d?.med.scan && fs.statSync(GENERATED_RESULTS).mtimeMs >= built) {
    const mbps = d.size.bytes / 1e6 / d.med.scan;
    console.log(`\n## dense: the generated corpus\n\nfrom bench/run.mjs at ${saved.at} (${saved.rounds} rounds, this build): ${d.size.files} files, ${mb(d.size.bytes)} MB, scan ${fmt(mbps)} MB/s (${fmt(d.size.bytes / 1e6 / d.cpu.scan)} MB per CPU second)`);
    return { mbps, cpuMbps: d.size.bytes / 1e6 / d.cpu.scan, source: 'bench/run.mjs' };
  }
  const dir = path.join(ROOT, 'bench', 'corpus', 'dense');
  if (!fs.existsSync(dir)) {
    console.log('\n## dense: the generated corpus\n\nnot measured: no bench/corpus/dense (node bench/generate-corpus.mjs writes it)');
    return undefined;
  }
  const size = corpusSize(dir);
  heading('dense: the generated corpus (bench/run.mjs has not run on this build: measured here)', size);
  const tools = { scan: scanTool(dir, 'dense') };
  const m = alternate(tools, ROUNDS, { progress: progress(['scan']) });
  printTable(tools, m, size);
  return { mbps: size.bytes / 1e6 / m.scan.med, cpuMbps: size.bytes / 1e6 / m.scan.cpuMed, source: 'here' };
}

// ---------------------------------------------------------------------------------------------

console.log('# rabbitmq4-codemod project benchmark');
console.log(`\n${machineLine()}`);
console.log(`ast-grep: ${astGrepBinary() ?? 'not found (npm i -D @ast-grep/cli)'}; ${timeLine()}`);
console.log(`rounds: ${ROUNDS}, alternating, medians; load average at start: ${load()}`);
try {
  console.log(`typeorm: ${PIN.repo} at ${PIN.commit} (${PIN.committed}), probes in ${PIN.probes.into}: ${restoreCheckout()}`);
  if (ONLY.some((s) => s === 'copies' || s === 'cache')) console.log(`${N} copies: ${restoreCopies(N)}`);
} catch (e) {
  console.error(`bench/projects.mjs: cannot restore typeorm: ${e.message}`);
  process.exit(2);
}
console.log(`grep -E pattern (the built clients' mentions): ${MENTIONS}`);

const res = {};
if (ONLY.includes('sparse')) res.sparse = sparse();
/** One copy's findings, which the copies must find ten times: the sparse row's, or one scan for them. */
const reference = () => res.sparse?.reference ?? (run(scanTool(CHECKOUT, 'reference')), scanTool(CHECKOUT, 'reference').report());
if (ONLY.includes('copies')) res.copies = copies(reference());
if (ONLY.includes('cache')) res.cache = cache(reference(), res.copies?.size ?? corpusSize(COPIES));
if (ONLY.includes('dense')) {
  res.real = denseReal();
  res.generated = denseGenerated();
}
if (ONLY.includes('lsp')) res.lsp = await measureProjectOpen({ rounds: Number(option(args, 'lsp-rounds', 3)), timeoutMs: Number(option(args, 'lsp-timeout-ms', 20_000)) });
console.log(`\nload average at end: ${load()}`);

console.log('\n### Targets\n');
const skipped = (label, why) => console.log(checkLine(label, undefined, why));
const { sparse: s, copies: c, cache: k, real, generated, lsp } = res;
if (s?.ratio !== undefined) console.log(checkLine(`sparse typeorm: scan <= ${TARGETS.sparse}x ast-grep's one pattern`, s.ratio <= TARGETS.sparse, `${fmt(s.ratio)}x (${fmt(s.m.scan.med)} s vs ${fmt(s.m['ast-grep'].med)} s)`));
if (c?.m) {
  console.log(checkLine(`${N} copies of typeorm: scan <= ${TARGETS.copies}x grep -rlE of the client names`, c.ratio <= TARGETS.copies, `${fmt(c.ratio)}x (${fmt(c.m.scan.med)} s vs ${fmt(c.m.grep.med)} s)`));
  console.log(checkLine(`${N} copies of typeorm: scan peak RSS <= ${TARGETS.rss} MB`, Number.isNaN(c.rss) ? undefined : c.rss <= TARGETS.rss, Number.isNaN(c.rss) ? 'not measured (no GNU time)' : `${fmt(c.rss, 0)} MB`));
  console.log(checkLine(`${N} copies of typeorm: exactly ${N} times the findings of one copy`, c.check.ok, c.check.ok ? 'PASS' : 'FAIL'));
}
if (ONLY.includes('cache')) {
  if (k) console.log(checkLine(`warm --cache over the unchanged ${N} copies: <= ${TARGETS.cache}x grep, the same findings`, k.ratio <= TARGETS.cache && k.check.ok, `${fmt(k.ratio)}x; findings ${k.check.ok ? 'PASS' : 'FAIL'}`));
  else skipped(`warm --cache over the unchanged ${N} copies: <= ${TARGETS.cache}x grep`, 'not available in this build');
}
if (ONLY.includes('dense')) {
  if (real) console.log(checkLine(`dense, the real-code set's RabbitMQ files: >= ${TARGETS.mbps} MB/s`, real.mbps >= TARGETS.mbps, `${fmt(real.mbps)} MB/s (${real.size.files} files, ${mb(real.size.bytes)} MB; ${fmt(real.cpuMbps)} MB per CPU second)`));
  else skipped(`dense, the real-code set's RabbitMQ files: >= ${TARGETS.mbps} MB/s`, 'not measured: no real-code checkouts');
  if (generated) console.log(checkLine(`dense, the generated corpus: >= ${TARGETS.mbps} MB/s`, generated.mbps >= TARGETS.mbps, `${fmt(generated.mbps)} MB/s (${fmt(generated.cpuMbps)} MB per CPU second; ${generated.source === 'here' ? 'measured here' : 'from bench/run.mjs'})`));
  else skipped(`dense, the generated corpus: >= ${TARGETS.mbps} MB/s`, 'not measured: no corpus');
}
if (lsp) console.log(projectOpenCheck(lsp));
fs.rmSync(TMP, { recursive: true, force: true });
