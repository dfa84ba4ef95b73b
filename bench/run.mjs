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
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const ROUNDS = Number(opt('rounds', 5));
const CORPORA = opt('corpus', 'sparse,dense').split(',');
const TOOLS = opt('tools', 'scan,ast-grep,jscodeshift').split(',');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-bench-'));
const PATTERN = '$C.assertQueue($$$)';
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

// ---------------------------------------------------------------------------------------------
// The machine

function machine() {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const nproc = spawnSync('nproc', { encoding: 'utf8' }).stdout?.trim() || String(os.cpus().length);
  return { nproc, model, ram: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`, node: process.version, os: `${os.type()} ${os.release()}` };
}

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

// ---------------------------------------------------------------------------------------------
// The tools

function astGrepBinary() {
  const platform = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform];
  const suffix = process.platform === 'linux' ? '-gnu' : process.platform === 'win32' ? '-msvc' : '';
  const exe = process.platform === 'win32' ? 'ast-grep.exe' : 'ast-grep';
  // The platform package holds the binary itself: this works whether or not install scripts ran.
  try {
    const dir = path.dirname(require.resolve(`@ast-grep/cli-${platform}-${process.arch}${suffix}/package.json`));
    if (fs.existsSync(path.join(dir, exe))) return path.join(dir, exe);
  } catch {
    // fall through
  }
  const bin = path.join(root, 'node_modules', '.bin', exe);
  return fs.existsSync(bin) ? bin : undefined;
}

const TIME = ['/usr/bin/time', '/bin/time'].find((p) => {
  try {
    return spawnSync(p, ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;
  } catch {
    return false;
  }
});

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

/** One timed run: wall seconds, CPU seconds and peak RSS (MB). */
function run(tool) {
  const memFile = path.join(TMP, 'mem.txt');
  const [cmd, argv] = TIME ? [TIME, ['-f', '%M %U %S', '-o', memFile, tool.cmd, ...tool.args]] : [tool.cmd, tool.args];
  const out = tool.stdout ? fs.openSync(tool.stdout, 'w') : 'ignore';
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, { cwd: tool.cwd, stdio: ['ignore', out, tool.stdout ? out : 'pipe'], env: { ...process.env, CI: '1' }, maxBuffer: 256 * 1024 * 1024 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (typeof out === 'number') fs.closeSync(out);
  if (r.status !== 0) throw new Error(`${tool.label} exited with ${r.status}: ${String(r.stderr ?? '').slice(0, 2000)}`);
  const [kb, user, sys] = TIME ? fs.readFileSync(memFile, 'utf8').trim().split('\n').pop().split(' ').map(Number) : [NaN, NaN, NaN];
  return { wall, cpu: user + sys, rss: kb / 1024 };
}

// ---------------------------------------------------------------------------------------------

function corpusSize(dir) {
  let files = 0;
  let bytes = 0;
  let lines = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.git' || e.name === 'node_modules') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name) && !/\.d\.[mc]?ts$/.test(e.name)) {
        const text = fs.readFileSync(p, 'utf8');
        files++;
        bytes += Buffer.byteLength(text);
        lines += text.split('\n').length - 1;
      }
    }
  };
  walk(dir);
  return { files, bytes, lines };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

function bench(name) {
  const dir = path.join(here, 'corpus', name);
  if (!fs.existsSync(dir)) throw new Error(`no corpus at ${dir}: run node bench/generate-corpus.mjs first`);
  const size = corpusSize(dir);
  const all = tools(dir);
  const chosen = TOOLS.filter((t) => all[t]);
  console.log(`\n## ${name}: ${size.files} source files, ${size.lines.toLocaleString('en-US')} lines, ${(size.bytes / 1e6).toFixed(2)} MB`);
  // Warm-up (untimed): the page cache, and a check that every tool works here.
  for (const t of chosen.filter((t) => t !== 'jscodeshift')) run(all[t]);
  const times = Object.fromEntries(chosen.map((t) => [t, []]));
  const cpu = Object.fromEntries(chosen.map((t) => [t, []]));
  const rss = Object.fromEntries(chosen.map((t) => [t, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const t of r % 2 ? [...chosen].reverse() : chosen) {
      const m = run(all[t]);
      times[t].push(m.wall);
      cpu[t].push(m.cpu);
      rss[t].push(m.rss);
    }
    process.stderr.write(`  round ${r + 1}/${ROUNDS}: ${chosen.map((t) => `${t} ${times[t][r].toFixed(2)} s (cpu ${cpu[t][r].toFixed(2)} s)`).join(', ')} (load ${load()})\n`);
  }
  console.log(`\n| tool | median s | min–max s | files/s | MB/s | median CPU s | peak RSS MB | output |`);
  console.log(`|---|---|---|---|---|---|---|---|`);
  const med = {};
  for (const t of chosen) {
    med[t] = median(times[t]);
    const lo = Math.min(...times[t]);
    const hi = Math.max(...times[t]);
    console.log(`| ${all[t].label} | ${med[t].toFixed(2)} | ${lo.toFixed(2)}–${hi.toFixed(2)} | ${Math.round(size.files / med[t])} | ${(size.bytes / 1e6 / med[t]).toFixed(2)} | ${median(cpu[t]).toFixed(2)} | ${Math.max(...rss[t]).toFixed(0)} | ${all[t].check()} |`);
  }
  const cpuMed = Object.fromEntries(chosen.map((t) => [t, median(cpu[t])]));
  const result = { name, size, med, cpu: cpuMed, rss: Object.fromEntries(chosen.map((t) => [t, Math.max(...rss[t])])) };
  console.log('');
  if (med.scan && med['ast-grep']) console.log(`scan / ast-grep      = ${(med.scan / med['ast-grep']).toFixed(2)} (CPU time: ${(cpuMed.scan / cpuMed['ast-grep']).toFixed(2)})`);
  if (med.scan && med.jscodeshift) console.log(`jscodeshift / scan   = ${(med.jscodeshift / med.scan).toFixed(1)} (CPU time: ${(cpuMed.jscodeshift / cpuMed.scan).toFixed(1)})`);
  return result;
}

function verdicts(results) {
  const by = Object.fromEntries(results.map((r) => [r.name, r]));
  const lines = [];
  const check = (label, ok, detail) => lines.push(`- [${ok === undefined ? ' ' : ok ? 'x' : ' '}] ${label}: ${detail}${ok === false ? '  **NOT MET**' : ''}`);
  const s = by.sparse;
  const d = by.dense;
  if (s?.med.scan && s.med['ast-grep']) check('sparse: scan no slower than ast-grep (ratio <= 1.0)', s.med.scan / s.med['ast-grep'] <= 1.0, (s.med.scan / s.med['ast-grep']).toFixed(2));
  if (s?.med.scan && s.med.jscodeshift) check('sparse: at least 20x faster than jscodeshift', s.med.jscodeshift / s.med.scan >= 20, `${(s.med.jscodeshift / s.med.scan).toFixed(1)}x`);
  if (d?.med.scan) check('dense: at least 3 MB/s', d.size.bytes / 1e6 / d.med.scan >= 3, `${(d.size.bytes / 1e6 / d.med.scan).toFixed(2)} MB/s (${(d.size.bytes / 1e6 / d.cpu.scan).toFixed(2)} MB per CPU second)`);
  for (const r of results) if (r.rss.scan !== undefined) check(`${r.name}: scan peak RSS under 400 MB`, Number.isNaN(r.rss.scan) ? undefined : r.rss.scan < 400, `${r.rss.scan.toFixed(0)} MB`);
  return lines;
}

const m = machine();
console.log(`# rabbitmq4-codemod benchmark`);
console.log(`\nmachine: ${m.nproc} CPUs (nproc), ${m.model}, ${m.ram} RAM, Node ${m.node}, ${m.os}`);
console.log(`ast-grep: ${astGrepBinary() ?? 'not found (npm i -D @ast-grep/cli)'}; CPU time and memory: ${TIME ? `${TIME} -f '%M %U %S'` : 'not measured (no GNU time)'}`);
console.log(`rounds: ${ROUNDS}, alternating, medians; scan worker threads: ${process.env.RABBITMQ4_CODEMOD_WORKERS || 'auto (default: one per core once 500 files need parsing; RABBITMQ4_CODEMOD_WORKERS=N)'}; load average at start: ${load()}`);
const results = CORPORA.map(bench);
console.log(`\nload average at end: ${load()}`);
console.log(`\n### Targets\n`);
for (const l of verdicts(results)) console.log(l);
fs.rmSync(TMP, { recursive: true, force: true });
