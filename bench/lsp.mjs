// Language-server benchmark: keystroke to diagnostics on a sparse and a dense 2,000-line file, over
// stdio as an editor sees it, and memory with 200 open files.
// Run with `npm run bench:lsp` (builds first). Uses the built server in dist/ through bin/.
import * as fs from 'node:fs';
import * as os from 'node:os';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dense, sparse } from './lsp-files.mjs';
import { initialize as initializeServer, rpc, startTracedServer, stop } from './lib/lsp-client.mjs';
import { editLines, measureEdits } from './lsp-edits.mjs';

const require = createRequire(import.meta.url);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const { analyzeDocument } = require(path.join(root, 'dist/lsp/analysis.js'));
const { IncrementalParseCache } = require(path.join(root, 'dist/lsp/incremental-parse.js'));
const { OpenDocumentSet } = require(path.join(root, 'dist/lsp/open-documents.js'));
const { WorkspaceFiles } = require(path.join(root, 'dist/lsp/workspace-files.js'));
const { analyzeOptionsOf, DEFAULT_SETTINGS } = require(path.join(root, 'dist/lsp/settings.js'));

const EDITS = Number(process.env.BENCH_EDITS ?? 60);
/** Typed a key at a time, KEYS_PER_BURST keys between pauses. */
const TYPED = "export const TYPED = { durable: false, arguments: { 'x-max-length': 1000 } };";
const KEYS_PER_BURST = 10;
/** Between two keystrokes of a burst: a fast typist (~12 characters a second). */
const KEY_INTERVAL_MS = 80;
const OPEN_FILES = 200;
const WARM_UP = 10;

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: at(0.5), p95: at(0.95), min: s[0], max: s[s.length - 1] };
};
const ms = (x) => `${x.toFixed(1)} ms`;
const line = (label, s) => `  ${label.padEnd(34)} median ${ms(s.median).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  (min ${ms(s.min)}, max ${ms(s.max)})`;
const sleep = (t) => new Promise((r) => setTimeout(r, t));

/** As the benchmark always has: no client capabilities, the workspace this checkout, message tracing on. */
const initialize = (server) => initializeServer(server, { root, capabilities: {}, trace: 'messages' });

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/**
 * The edits of the measurement, in turn: a comment line inserted in the middle of the file, taken out
 * again, a declaration's `durable: false` made `true` (a finding goes), and back (it comes again).
 */
function editAt(lines, i) {
  const middle = Math.floor(lines.length / 2);
  const target = lines.findIndex((l, n) => n >= middle && l.includes('durable: false'));
  const column = lines[target].indexOf('durable: false') + 'durable: '.length;
  const range = (l1, c1, l2, c2) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });
  switch (i % 4) {
    case 0:
      return { range: range(middle, 0, middle, 0), text: `// edit ${i}\n` };
    case 1:
      return { range: range(middle, 0, middle + 1, 0), text: '' };
    case 2:
      return { range: range(target, column, target, column + 'false'.length), text: 'true' };
    default:
      return { range: range(target, column, target, column + 'true'.length), text: 'false' };
  }
}

async function latency(name, text) {
  const server = startTracedServer();
  await initialize(server);
  const uri = pathToFileURL(path.join(root, 'bench-virtual', `${name}.ts`)).href;
  let t = performance.now();
  const first = server.diagnostics(uri, 1);
  await server.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text } });
  const opened = await first;
  const openMs = opened.at - t;
  const lines = text.split('\n');
  const send = (version, change) => server.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [change] });

  // One edit at a time, each waiting for its diagnostics: keystroke to diagnostics, and the wait in it.
  const total = [];
  const afterWait = [];
  const waits = [];
  const checks = [];
  let version = 1;
  for (let i = 0; i < EDITS; i++) {
    version++;
    const published = server.diagnostics(uri, version);
    t = performance.now();
    await send(version, editAt(lines, i));
    const { at } = await published;
    const { waited, checked } = server.waited(uri, version) ?? { waited: NaN, checked: NaN };
    total.push(at - t);
    waits.push(waited);
    checks.push(checked);
    afterWait.push(at - t - waited);
  }

  // Typing a statement on a new line, a key at a time at a fast typist's pace, in bursts: the text
  // does not parse after most bursts (recovery). Measured from a burst's last key to its diagnostics.
  const typing = [];
  let brokenBursts = 0;
  const at = lines.findIndex((l, n) => n >= Math.floor(lines.length / 2) && l.startsWith('export '));
  version++;
  await send(version, { range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, text: '\n' });
  for (let b = 0; b * KEYS_PER_BURST < TYPED.length; b++) {
    let published;
    for (let k = b * KEYS_PER_BURST; k < Math.min(TYPED.length, (b + 1) * KEYS_PER_BURST); k++) {
      await sleep(KEY_INTERVAL_MS);
      version++;
      published = server.diagnostics(uri, version);
      t = performance.now();
      await send(version, { range: { start: { line: at, character: k }, end: { line: at, character: k } }, text: TYPED[k] });
    }
    const result = await published;
    typing.push(result.at - t);
    if (result.diagnostics.some((d) => d.code === 'parse-error')) brokenBursts++;
  }
  await stop(server);
  return {
    name,
    lines: lines.length - 1,
    findings: opened.diagnostics.length,
    rewrites: opened.diagnostics.filter((d) => d.data?.fix === 'rewrite').length,
    openMs,
    total: stats(total),
    afterWait: stats(afterWait),
    // The first checks after an open run before the JIT has compiled the engine (~100-270 ms each).
    steady: stats(afterWait.slice(WARM_UP)),
    waits: stats(waits),
    checks: stats(checks),
    typing: stats(typing),
    bursts: typing.length,
    brokenBursts,
    inProcess: stats(inProcess(name, text)),
  };
}

/** The same re-check in process, without the wait and the protocol: the server's environment (its units too), after the same open. */
function inProcess(name, text) {
  const env = { root, files: new WorkspaceFiles(new OpenDocumentSet()), parseCache: new IncrementalParseCache(), options: analyzeOptionsOf(DEFAULT_SETTINGS), severities: new Map(), excluded: () => false, units: new Map() };
  const absolute = path.join(root, 'bench-virtual', `${name}.ts`);
  const doc = (version, t) => ({ uri: pathToFileURL(absolute).href, path: `bench-virtual/${name}.ts`, absolute, version, text: t });
  analyzeDocument(doc(0, text), env);
  const lines = text.split('\n');
  const times = [];
  for (let i = 0; i < EDITS; i++) {
    const edited = [...lines.slice(0, 1000), `// edit ${i}`, ...lines.slice(1000)].join('\n');
    const t = performance.now();
    analyzeDocument(doc(i + 1, edited), env);
    times.push(performance.now() - t);
  }
  return times;
}

async function memory() {
  const server = startTracedServer();
  await initialize(server);
  const baseline = rssMiB(server.child.pid);
  const published = [];
  for (let i = 0; i < OPEN_FILES; i++) {
    const uri = pathToFileURL(path.join(root, 'bench-virtual', `file${i}.ts`)).href;
    published.push(server.diagnostics(uri, 1));
    await server.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text: sparse(300, 60, i) } });
  }
  await Promise.all(published);
  const rss = rssMiB(server.child.pid);
  await stop(server);
  return { baseline, rss };
}

console.log(`rabbitmq4-codemod language server benchmark (node ${process.version}, ${process.platform}/${process.arch}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)})`);
for (const [name, text] of [['sparse', sparse(2000, 50, 'big')], ['dense', dense(2000)]]) {
  const l = await latency(name, text);
  console.log(`${l.name}: ${l.lines} lines, ${l.findings} diagnostics (${l.rewrites} rewrites); open -> first diagnostics ${ms(l.openMs)}`);
  console.log(`  didChange -> publishDiagnostics over stdio, ${EDITS} edits, one at a time:`);
  console.log(line('keystroke to diagnostics', l.total));
  console.log(line('the same minus the wait', l.afterWait));
  console.log(line(`  without the first ${WARM_UP} edits`, l.steady));
  console.log(line('the wait (debounce) chosen', l.waits));
  console.log(line("the server's check (of that)", l.checks));
  console.log(line('typing, last key to diagnostics', l.typing));
  console.log(`    (a statement typed in ${l.bursts} bursts of ${KEYS_PER_BURST} keys ${KEY_INTERVAL_MS} ms apart; ${l.brokenBursts} ended in a parse error)`);
  console.log(line('re-check in process (no protocol)', l.inProcess));
}
const m = await memory();
console.log(`resident memory (VmRSS): ${m.baseline.toFixed(1)} MiB after initialize, ${m.rss.toFixed(1)} MiB with ${OPEN_FILES} open files (300 lines each)`);
console.log('\n## edits inside a string and of a queue\'s name (bench/lsp-edits.mjs)\n');
const edited = await measureEdits({ edits: EDITS });
console.log('');
for (const l of editLines(edited)) console.log(l);
