// Benchmark for issue 8: rabbitmq4-codemod `scan` against the tools people would use instead, on the
// corpora bench/generate-corpus.mjs writes (sparse: ~1% of files use RabbitMQ; dense: every file does).
//
//   npm run bench            (build, generate the corpora if needed, run this, then bench/lsp.mjs if present)
//   node bench/run.mjs [--rounds 5] [--corpus sparse,dense] [--tools scan,ast-grep,jscodeshift]
//
// Each round runs every tool once, alternating, on the same corpus; the medians are reported.
// Wall time is measured here; CPU time (user + system, every thread and child process) and peak
// resident memory with GNU time (%M: the largest single process of the tree, so for jscodeshift the
// larger of its parent and its worker process). On a shared machine the CPU time is the steadier one.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { alternate, astGrepBinary, checkLine, corpusSize, GENERATED_RESULTS, load, machineLine, option, printTable, timeLine } from './lib/measure.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const args = process.argv.slice(2);
const ROUNDS = Number(option(args, 'rounds', 5));
const CORPORA = option(args, 'corpus', 'sparse,dense').split(',');
const TOOLS = option(args, 'tools', 'scan,ast-grep,jscodeshift').split(',');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-bench-'));
const PATTERN = '$C.assertQueue($$$)';

function tools(corpus) {
  const out = {};
  const scanOut = path.join(TMP, `scan-${path.basename(corpus)}.json`);
  out.scan = {
    label: 'rabbitmq4-codemod scan --format json',
    cmd: process.execPath,
    args: [path.join(root, 'bin', 'rabbitmq4-codemod'), 'scan', '--format', 'json', '--fail-on', 'never', '--output', scanOut, '.'],
    cwd: corpus,
    check: () => {
      const r = JSON.parse(fs.readFileSync(scanOut, 'utf8'));
      return `${r.summary.files} files, ${r.summary.parsed} parsed, ${r.summary.parseErrors} parse errors, ${r.findings.length} findings`;
    },
  };
  const sg = astGrepBinary();
  if (sg) {
    const sgOut = path.join(TMP, `ast-grep-${path.basename(corpus)}.json`);
    out['ast-grep'] = {
      label: `ast-grep run -p '${PATTERN}' --json=compact`,
      cmd: sg,
      args: ['run', '--pattern', PATTERN, '--json=compact', '.'],
      cwd: corpus,
      stdout: sgOut,
      check: () => `${JSON.parse(fs.readFileSync(sgOut, 'utf8')).length} matches`,
    };
  }
  const jsOut = path.join(TMP, `jscodeshift-${path.basename(corpus)}.txt`);
  out.jscodeshift = {
    label: 'jscodeshift --dry --parser=ts (default cpus) -t bench/find-assert-queue.js',
    cmd: process.execPath,
    // --no-babel: the transform is plain CommonJS, so jscodeshift need not compile it (in its favour).
    args: [require.resolve('jscodeshift/bin/jscodeshift.js'), '--dry', '--no-babel', '--parser=ts', '--extensions=ts,tsx,js,mts,cts,mjs,cjs,jsx', '--ignore-pattern=**/node_modules/**', '-t', path.join(here, 'find-assert-queue.js'), '.'],
    cwd: corpus,
    stdout: jsOut,
    check: () => {
      const text = fs.readFileSync(jsOut, 'utf8');
      const calls = /assertQueue calls: (\d+)/.exec(text)?.[1] ?? '0';
      const errors = /(\d+) errors/.exec(text)?.[1] ?? '?';
      return `${calls} matches, ${errors} files it could not parse`;
    },
  };
  return out;
}

function bench(name) {
  const dir = path.join(here, 'corpus', name);
  if (!fs.existsSync(dir)) throw new Error(`no corpus at ${dir}: run node bench/generate-corpus.mjs first`);
  const size = corpusSize(dir);
  const all = tools(dir);
  const chosen = TOOLS.filter((t) => all[t]);
  console.log(`\n## ${name}: ${size.files} source files, ${size.lines.toLocaleString('en-US')} lines, ${(size.bytes / 1e6).toFixed(2)} MB`);
  // Warm-up (untimed, jscodeshift too slow for one): the page cache, and a check that every tool works here.
  const picked = Object.fromEntries(chosen.map((t) => [t, all[t]]));
  const m = alternate(picked, ROUNDS, {
    warm: chosen.filter((t) => t !== 'jscodeshift'),
    progress: (r, so) => process.stderr.write(`  round ${r + 1}/${ROUNDS}: ${chosen.map((t) => `${t} ${so[t].wall[r].toFixed(2)} s (cpu ${so[t].cpu[r].toFixed(2)} s)`).join(', ')} (load ${load()})\n`),
  });
  printTable(picked, m, size);
  const med = Object.fromEntries(chosen.map((t) => [t, m[t].med]));
  const cpuMed = Object.fromEntries(chosen.map((t) => [t, m[t].cpuMed]));
  const result = { name, size, med, cpu: cpuMed, rss: Object.fromEntries(chosen.map((t) => [t, m[t].rssMax])) };
  console.log('');
  if (med.scan && med['ast-grep']) console.log(`scan / ast-grep      = ${(med.scan / med['ast-grep']).toFixed(2)} (CPU time: ${(cpuMed.scan / cpuMed['ast-grep']).toFixed(2)})`);
  if (med.scan && med.jscodeshift) console.log(`jscodeshift / scan   = ${(med.jscodeshift / med.scan).toFixed(1)} (CPU time: ${(cpuMed.jscodeshift / cpuMed.scan).toFixed(1)})`);
  return result;
}

function verdicts(results) {
  const by = Object.fromEntries(results.map((r) => [r.name, r]));
  const lines = [];
  const check = (label, ok, detail) => lines.push(checkLine(label, ok, detail));
  const s = by.sparse;
  const d = by.dense;
  if (s?.med.scan && s.med['ast-grep']) check('sparse: scan no slower than ast-grep (ratio <= 1.0)', s.med.scan / s.med['ast-grep'] <= 1.0, (s.med.scan / s.med['ast-grep']).toFixed(2));
  if (s?.med.scan && s.med.jscodeshift) check('sparse: at least 20x faster than jscodeshift', s.med.jscodeshift / s.med.scan >= 20, `${(s.med.jscodeshift / s.med.scan).toFixed(1)}x`);
  if (d?.med.scan) check('dense: at least 3 MB/s', d.size.bytes / 1e6 / d.med.scan >= 3, `${(d.size.bytes / 1e6 / d.med.scan).toFixed(2)} MB/s (${(d.size.bytes / 1e6 / d.cpu.scan).toFixed(2)} MB per CPU second)`);
  for (const r of results) if (r.rss.scan !== undefined) check(`${r.name}: scan peak RSS under 400 MB`, Number.isNaN(r.rss.scan) ? undefined : r.rss.scan < 400, `${r.rss.scan.toFixed(0)} MB`);
  return lines;
}

console.log(`# rabbitmq4-codemod benchmark`);
console.log(`\n${machineLine()}`);
console.log(`ast-grep: ${astGrepBinary() ?? 'not found (npm i -D @ast-grep/cli)'}; ${timeLine()}`);
console.log(`rounds: ${ROUNDS}, alternating, medians; scan worker threads: ${process.env.RABBITMQ4_CODEMOD_WORKERS || 'auto (default: one per core once 500 files need parsing; RABBITMQ4_CODEMOD_WORKERS=N)'}; load average at start: ${load()}`);
const results = CORPORA.map(bench);
console.log(`\nload average at end: ${load()}`);
console.log(`\n### Targets\n`);
for (const l of verdicts(results)) console.log(l);
fs.writeFileSync(GENERATED_RESULTS, `${JSON.stringify({ at: new Date().toISOString(), rounds: ROUNDS, results }, null, 2)}\n`);
fs.rmSync(TMP, { recursive: true, force: true });
