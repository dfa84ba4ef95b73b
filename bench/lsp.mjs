// Language-server benchmark: re-diagnosis latency of a 2,000-line file, and memory with 200 open files.
// Run with `npm run bench:lsp` (builds first). Uses the built server in dist/ through bin/.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const rpc = require('vscode-languageserver-protocol/node');
const { DEBOUNCE_MS } = require(path.join(root, 'dist/lsp/diagnostics-runner.js'));
const { analyzeDocument } = require(path.join(root, 'dist/lsp/analysis.js'));
const { IncrementalParseCache } = require(path.join(root, 'dist/lsp/incremental-parse.js'));
const { OpenDocumentSet } = require(path.join(root, 'dist/lsp/open-documents.js'));
const { WorkspaceFiles } = require(path.join(root, 'dist/lsp/workspace-files.js'));
const { analyzeOptionsOf, DEFAULT_SETTINGS } = require(path.join(root, 'dist/lsp/settings.js'));

const EDITS = 50;
const OPEN_FILES = 200;

/** A TypeScript file of `lines` lines with one amqplib declaration every `every` lines, half of them refused. */
function generate(lines, every, seed) {
  const out = ["import amqp from 'amqplib';", 'import type { Channel } from "amqplib";', ''];
  let n = 0;
  while (out.length < lines - 4) {
    if (out.length % every === 0) {
      n++;
      out.push(`export async function declare${seed}_${n}(ch: Channel) {`);
      out.push(`  await ch.assertQueue('queue-${seed}-${n}', { durable: ${n % 2 === 0}, arguments: { 'x-queue-type': 'classic' } });`);
      out.push('}');
    } else {
      out.push(`export const value${seed}_${out.length} = [${out.length}, 'padding', { nested: ${out.length % 7} }].map((x) => String(x)).join('-');`);
    }
  }
  out.push('export async function main(url: string) {', '  const ch = await (await amqp.connect(url)).createChannel();', `  await declare${seed}_1(ch);`, '}');
  return { text: `${out.join('\n')}\n`, declarations: n };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: at(0.5), p95: at(0.95), min: s[0], max: s[s.length - 1] };
};
const ms = (x) => `${x.toFixed(1)} ms`;

function startServer() {
  const child = spawn(process.execPath, [path.join(root, 'bin/rabbitmq4-codemod'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = rpc.createProtocolConnection(new rpc.StreamMessageReader(child.stdout), new rpc.StreamMessageWriter(child.stdin));
  const waiting = new Map();
  connection.onNotification(rpc.PublishDiagnosticsNotification.type, (p) => {
    const key = `${p.uri}#${p.version}`;
    waiting.get(key)?.(p);
    waiting.delete(key);
  });
  connection.listen();
  const diagnostics = (uri, version) => new Promise((resolve) => waiting.set(`${uri}#${version}`, resolve));
  return { child, connection, diagnostics };
}

async function initialize(server) {
  await server.connection.sendRequest(rpc.InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} });
  await server.connection.sendNotification(rpc.InitializedNotification.type, {});
}

async function stop(server) {
  await server.connection.sendRequest(rpc.ShutdownRequest.type);
  await server.connection.sendNotification(rpc.ExitNotification.type);
  await new Promise((r) => server.child.once('exit', r));
  server.connection.dispose();
}

const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function latency() {
  const { text, declarations } = generate(2000, 50, 'big');
  const server = startServer();
  await initialize(server);
  const uri = pathToFileURL(path.join(root, 'bench-virtual', 'big.ts')).href;
  let t = performance.now();
  const first = server.diagnostics(uri, 1);
  await server.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text } });
  const opened = await first;
  const openMs = performance.now() - t;

  const lines = text.split('\n');
  const times = [];
  for (let version = 2; version < 2 + EDITS; version++) {
    // Alternate: insert a comment line into the middle of the file, then take it out again.
    const line = 1000;
    const change = version % 2 === 0
      ? { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: `// edit ${version}\n` }
      : { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' };
    const published = server.diagnostics(uri, version);
    t = performance.now();
    await server.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [change] });
    await published;
    times.push(performance.now() - t);
  }
  await stop(server);

  // The same re-diagnosis in process, without the debounce and the protocol: the server's environment
  // (one session's parse cache and workspace files), after the same open.
  const env = { root, files: new WorkspaceFiles(new OpenDocumentSet()), parseCache: new IncrementalParseCache(), options: analyzeOptionsOf(DEFAULT_SETTINGS), severities: new Map(), excluded: () => false };
  const absolute = path.join(root, 'bench-virtual', 'big.ts');
  const doc = (version, text) => ({ uri, path: 'bench-virtual/big.ts', absolute, version, text });
  analyzeDocument(doc(0, text), env);
  const inProcess = [];
  for (let i = 0; i < EDITS; i++) {
    const edited = [...lines.slice(0, 1000), `// edit ${i}`, ...lines.slice(1000)].join('\n');
    t = performance.now();
    analyzeDocument(doc(i + 1, edited), env);
    inProcess.push(performance.now() - t);
  }
  return { lines: lines.length - 1, declarations, findings: opened.diagnostics.length, openMs, withDebounce: stats(times), inProcess: stats(inProcess) };
}

async function memory() {
  const server = startServer();
  await initialize(server);
  const baseline = rssMiB(server.child.pid);
  const published = [];
  for (let i = 0; i < OPEN_FILES; i++) {
    const uri = pathToFileURL(path.join(root, 'bench-virtual', `file${i}.ts`)).href;
    published.push(server.diagnostics(uri, 1));
    await server.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text: generate(300, 60, i).text } });
  }
  await Promise.all(published);
  const rss = rssMiB(server.child.pid);
  await stop(server);
  return { baseline, rss };
}

const l = await latency();
console.log(`rabbitmq4-codemod language server benchmark (node ${process.version}, ${process.platform}/${process.arch}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)})`);
console.log(`file: ${l.lines} lines, ${l.declarations} amqplib declarations, ${l.findings} diagnostics`);
console.log(`open -> first diagnostics (not debounced): ${ms(l.openMs)}`);
console.log(`didChange -> publishDiagnostics over stdio, ${EDITS} edits, INCLUDING the ${DEBOUNCE_MS} ms debounce:`);
console.log(`  median ${ms(l.withDebounce.median)}  p95 ${ms(l.withDebounce.p95)}  (min ${ms(l.withDebounce.min)}, max ${ms(l.withDebounce.max)})`);
console.log(`  the same minus the debounce: median ${ms(l.withDebounce.median - DEBOUNCE_MS)}  p95 ${ms(l.withDebounce.p95 - DEBOUNCE_MS)}`);
console.log(`re-diagnosis in process (analyzeDocument, no debounce, no protocol), ${EDITS} runs:`);
console.log(`  median ${ms(l.inProcess.median)}  p95 ${ms(l.inProcess.p95)}  (target from issue 8: p95 < 50 ms)`);
const m = await memory();
console.log(`resident memory (VmRSS): ${m.baseline.toFixed(1)} MiB after initialize, ${m.rss.toFixed(1)} MiB with ${OPEN_FILES} open files (300 lines each)`);
