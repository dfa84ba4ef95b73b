// Language server, issue 33: keystroke to diagnostics (the debounce included) for the two edits a user makes most,
// a character typed inside a string and a queue's name changed, on a real service file in its own workspace (the
// real-code set's Chrono-Tech/middleware-eth-blockprocessor index.js, 155 lines, an amqplib service) and on the
// generated dense files of 151 and 2,000 lines. Over stdio with a real client (bench/lib/lsp-client.mjs), one
// keystroke at a time: a character inserted, then taken out again, so the file stays what it was.
//
//   npm run build && node bench/lsp-edits.mjs [--edits 60]      (bench/lsp.mjs runs it too)
//
// Targets (p95, after the first WARM_UP keystrokes: V8 compiles the engine on the first checks of a session):
// an edit inside a string <= 60 ms on the real file and the 151-line dense file, a queue's name <= 100 ms on the
// real file and the 2,000-line dense file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dense } from './lsp-files.mjs';
import { initialize, rpc, startTracedServer, stop } from './lib/lsp-client.mjs';
import { load, option, ROOT } from './lib/measure.mjs';

export const EDIT_TARGETS = { string: 60, queue: 100 };
const WARM_UP = 10;
const REAL = path.join(ROOT, 'bench', 'real-code', 'checkouts', 'Chrono-Tech+middleware-eth-blockprocessor');

/**
 * The files and, per edit kind, where a character is typed: after `before` in the text. `targets`: the
 * kinds the issue sets a target for on that file.
 */
export function editCases() {
  const cases = [];
  if (fs.existsSync(path.join(REAL, 'index.js'))) {
    const file = path.join(REAL, 'index.js');
    cases.push({
      name: 'real service file (155 lines, its workspace)',
      root: REAL,
      file,
      text: fs.readFileSync(file, 'utf8'),
      at: { string: "throw new Error('rabbitmq process", queue: 'assertQueue(`${config.rabbit.serviceName}_current' },
      targets: ['string', 'queue'],
    });
  }
  const virtual = (n) => path.join(ROOT, 'bench-virtual', `dense-${n}.ts`);
  cases.push({ name: 'dense, 151 lines', root: ROOT, file: virtual(151), text: dense(151), at: { string: "'x-queue-master-locator': 'min", queue: "assertQueue('orders-1" }, targets: ['string'] });
  cases.push({ name: 'dense, 2,000 lines', root: ROOT, file: virtual(2000), text: dense(2000), at: { string: "'x-queue-master-locator': 'min", queue: "assertQueue('orders-25" }, targets: ['queue'] });
  return cases;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: at(0.5), p95: at(0.95), min: s[0], max: s[s.length - 1], n: s.length };
};

/** One file in one server: `edits` keystrokes of each kind, each waited for. */
async function measureCase(c, edits) {
  const server = startTracedServer();
  await initialize(server, { root: c.root, capabilities: {}, trace: 'messages' });
  const uri = pathToFileURL(c.file).href;
  const opened = server.diagnostics(uri, 1);
  const t0 = performance.now();
  await server.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: c.file.endsWith('.js') ? 'javascript' : 'typescript', version: 1, text: c.text } });
  const first = await opened;
  const openMs = first.at - t0;
  const lines = c.text.split('\n');
  const position = (offset) => {
    const before = c.text.slice(0, offset).split('\n');
    return { line: before.length - 1, character: before[before.length - 1].length };
  };
  let version = 1;
  const out = { name: c.name, lines: lines.length - 1, findings: first.diagnostics.length, openMs, kinds: {} };
  for (const kind of ['string', 'queue']) {
    const offset = c.text.indexOf(c.at[kind]);
    if (offset < 0) throw new Error(`${c.name}: no ${c.at[kind]} in the text`);
    const p = position(offset + c.at[kind].length);
    const total = [];
    const waits = [];
    const checks = [];
    for (let i = 0; i < edits; i++) {
      version++;
      const change = i % 2 === 0 ? { range: { start: p, end: p }, text: 'x' } : { range: { start: p, end: { line: p.line, character: p.character + 1 } }, text: '' };
      const published = server.diagnostics(uri, version);
      const t = performance.now();
      await server.connection.sendNotification(rpc.DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [change] });
      const { at } = await published;
      total.push(at - t);
      const w = server.waited(uri, version);
      waits.push(w?.waited ?? NaN);
      checks.push(w?.checked ?? NaN);
    }
    out.kinds[kind] = { all: stats(total), steady: stats(total.slice(WARM_UP)), waits: stats(waits.slice(WARM_UP)), checks: stats(checks.slice(WARM_UP)) };
  }
  await stop(server);
  return out;
}

export async function measureEdits({ edits = 60, log = console.log } = {}) {
  const results = [];
  for (const c of editCases()) {
    const r = await measureCase(c, edits);
    results.push({ ...r, targets: c.targets });
    log(`${r.name}: ${r.lines} lines, ${r.findings} diagnostics; open -> first diagnostics ${r.openMs.toFixed(0)} ms (load ${load()})`);
    for (const [kind, k] of Object.entries(r.kinds)) {
      const ms = (x) => `${x.toFixed(1)} ms`;
      log(`  ${kind === 'string' ? 'inside a string ' : "a queue's name  "} keystroke -> diagnostics: median ${ms(k.steady.median)}, p95 ${ms(k.steady.p95)} (after ${WARM_UP} keys; all ${edits}: p95 ${ms(k.all.p95)}); the wait chosen median ${ms(k.waits.median)}, the check median ${ms(k.checks.median)} p95 ${ms(k.checks.p95)}`);
    }
  }
  return results;
}

/** The checklist lines: each target the issue sets, met or not. */
export function editLines(results) {
  const lines = [];
  for (const r of results) {
    for (const kind of r.targets) {
      const p95 = r.kinds[kind].steady.p95;
      const target = EDIT_TARGETS[kind];
      lines.push(`- [${p95 <= target ? 'x' : ' '}] language server, ${r.name}: ${kind === 'string' ? 'an edit inside a string' : "an edit of a queue's name"}, keystroke to diagnostics p95 <= ${target} ms: ${p95.toFixed(1)} ms${p95 <= target ? '' : '  **NOT MET**'}`);
    }
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`# rabbitmq4-codemod language server: edits (node ${process.version}, load ${load()})`);
  const results = await measureEdits({ edits: Number(option(process.argv.slice(2), 'edits', 60)) });
  console.log('');
  for (const l of editLines(results)) console.log(l);
}
