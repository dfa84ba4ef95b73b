// What the benchmark scripts share: the machine they ran on, timed runs of a command (wall time here,
// CPU time and peak RSS from GNU time), medians, the ast-grep binary, and the size of a corpus.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
/** The rabbitmq4-codemod checkout these scripts live in. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The CLI measured: this checkout's (its built dist/), or another build's bin with RABBITMQ4_BENCH_BIN=<path>. */
export const BIN = process.env.RABBITMQ4_BENCH_BIN ? path.resolve(process.env.RABBITMQ4_BENCH_BIN) : path.join(ROOT, 'bin', 'rabbitmq4-codemod');
/** bench/run.mjs's medians of its last run, which bench/projects.mjs prints again in its targets. */
export const GENERATED_RESULTS = path.join(ROOT, 'bench', 'corpus', 'results.json');
export const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** `--name value` from the command line, or the default. */
export function option(args, name, dflt) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
}

export function machine() {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const nproc = spawnSync('nproc', { encoding: 'utf8' }).stdout?.trim() || String(os.cpus().length);
  return { nproc, model, ram: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`, node: process.version, os: `${os.type()} ${os.release()}` };
}

export const machineLine = (m = machine()) => `machine: ${m.nproc} CPUs (nproc), ${m.model}, ${m.ram} RAM, Node ${m.node}, ${m.os}`;
export const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

export function astGrepBinary() {
  const platform = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform];
  const suffix = process.platform === 'linux' ? '-gnu' : process.platform === 'win32' ? '-msvc' : '';
  const exe = process.platform === 'win32' ? 'ast-grep.exe' : 'ast-grep';
  // The platform package holds the binary itself: this works whether or not install scripts ran.
  try {
    const dir = path.dirname(require.resolve(`@ast-grep/cli-${platform}-${process.arch}${suffix}/package.json`, { paths: [ROOT] }));
    if (fs.existsSync(path.join(dir, exe))) return path.join(dir, exe);
  } catch {
    // fall through
  }
  const bin = path.join(ROOT, 'node_modules', '.bin', exe);
  return fs.existsSync(bin) ? bin : undefined;
}

/** GNU time, for CPU time and peak RSS (Debian's `time` package); undefined if this machine has none. */
export const TIME = ['/usr/bin/time', '/bin/time'].find((p) => {
  try {
    return spawnSync(p, ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;
  } catch {
    return false;
  }
});
export const timeLine = () => `CPU time and memory: ${TIME ? `${TIME} -f '%M %U %S'` : 'not measured (no GNU time: apt-get install time)'}`;

/**
 * One timed run of `tool` ({ label, cmd, args, cwd, stdout?: file, ok?: exit codes }): wall seconds,
 * CPU seconds (user + system, every thread and child) and peak RSS in MB (the largest single process).
 */
export function run(tool) {
  const memFile = path.join(os.tmpdir(), `rmq4-bench-time-${process.pid}.txt`);
  const [cmd, argv] = TIME ? [TIME, ['-f', '%M %U %S', '-o', memFile, tool.cmd, ...tool.args]] : [tool.cmd, tool.args];
  const out = tool.stdout ? fs.openSync(tool.stdout, 'w') : 'ignore';
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, { cwd: tool.cwd, stdio: ['ignore', out, tool.stdout ? out : 'pipe'], env: { ...process.env, CI: '1', ...tool.env }, maxBuffer: 256 * 1024 * 1024 });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (typeof out === 'number') fs.closeSync(out);
  if (!(tool.ok ?? [0]).includes(r.status)) throw new Error(`${tool.label} exited with ${r.status}: ${String(r.stderr ?? '').slice(0, 2000)}`);
  let [kb, user, sys] = [NaN, NaN, NaN];
  if (TIME) {
    // GNU time writes "Command exited with non-zero status N" first when the command does.
    [kb, user, sys] = fs.readFileSync(memFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
    fs.rmSync(memFile, { force: true });
  }
  return { wall, cpu: user + sys, rss: kb / 1024 };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * `rounds` rounds of every tool once, the order reversed every other round, after one untimed warm-up run
 * of each tool in `warm`; the measurements per tool. `progress(round, byTool)` is told after each round.
 */
export function alternate(tools, rounds, { warm = Object.keys(tools), progress } = {}) {
  for (const t of warm) run(tools[t]);
  const names = Object.keys(tools);
  const m = Object.fromEntries(names.map((t) => [t, { wall: [], cpu: [], rss: [] }]));
  for (let r = 0; r < rounds; r++) {
    for (const t of r % 2 ? [...names].reverse() : names) {
      const one = run(tools[t]);
      for (const k of ['wall', 'cpu', 'rss']) m[t][k].push(one[k]);
    }
    progress?.(r, m);
  }
  return Object.fromEntries(names.map((t) => [t, { ...m[t], med: median(m[t].wall), cpuMed: median(m[t].cpu), rssMax: Math.max(...m[t].rss) }]));
}

/** Source files (not declaration files) under `dir`, leaving out .git and node_modules: how many, bytes, lines. */
export function corpusSize(dir) {
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

/** The checklist line of one target: measured, met or not (undefined: not measured). */
export const checkLine = (label, ok, detail) => `- [${ok ? 'x' : ' '}] ${label}: ${detail}${ok === false ? '  **NOT MET**' : ''}`;

/** The table of one corpus: per tool its medians, throughput, CPU time, peak RSS and what it output (`check()`). */
export function printTable(tools, measured, size) {
  console.log(`\n| tool | median s | min–max s | files/s | MB/s | median CPU s | peak RSS MB | output |`);
  console.log(`|---|---|---|---|---|---|---|---|`);
  for (const [t, tool] of Object.entries(tools)) {
    const m = measured[t];
    console.log(`| ${tool.label} | ${m.med.toFixed(2)} | ${Math.min(...m.wall).toFixed(2)}–${Math.max(...m.wall).toFixed(2)} | ${Math.round(size.files / m.med)} | ${(size.bytes / 1e6 / m.med).toFixed(2)} | ${m.cpuMed.toFixed(2)} | ${m.rssMax.toFixed(0)} | ${tool.check ? tool.check() : ''} |`);
  }
}
