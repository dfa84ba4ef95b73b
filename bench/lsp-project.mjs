// Language server in a large workspace (issue 24): the workspace is typeorm with the RabbitMQ probes
// (bench/projects/restore.mjs), one probe file is opened, and the time is taken from `initialize` to the
// first publishDiagnostics of that file that holds its project-level diagnostics: those that need another
// file (the consumer's channel comes from another module through a barrel), recognised by the rule ids
// bench/projects/typeorm.json pins for it. A fresh server per round over stdio, a real LSP client
// (bench/lib/lsp-client.mjs); medians. Target: within 2 s.
// A server that analyses a file alone never sends them: each round then ends at the timeout and says
// "project-level diagnostics not received", with what it did publish.
//
//   npm run build && node bench/lsp-project.mjs [--rounds 3] [--timeout-ms 20000]
//   node bench/lsp-project.mjs --file queues.ts --rules queue-argument-not-supported   (another probe, other ids)
//
// Needs the typeorm snapshot (see bench/projects/restore.mjs). A few seconds a round once the diagnostics
// arrive; up to the timeout (20 s) a round while they do not. bench/projects.mjs runs it too.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { initialize, rpc, startServer, stop } from './lib/lsp-client.mjs';
import { checkLine, load, machineLine, median, option } from './lib/measure.mjs';
import { CHECKOUT, PIN, restoreCheckout } from './projects/restore.mjs';

export const PROJECT_OPEN_TARGET_MS = 2000;

/** One round: initialize in the workspace, open the file, wait for diagnostics with every expected rule id. */
async function openRound(file, rules, timeoutMs) {
  const server = startServer();
  const uri = pathToFileURL(file).href;
  const text = fs.readFileSync(file, 'utf8');
  const publishes = [];
  let done;
  const complete = new Promise((resolve) => (done = resolve));
  server.onPublish((p, at) => {
    if (p.uri !== uri) return;
    const codes = p.diagnostics.map((d) => String(d.code));
    publishes.push({ at, codes });
    if (rules.every((r) => codes.includes(r))) done(at);
  });
  const progress = [];
  server.onProgress((p, at) => progress.push({ at, kind: p.value?.kind, title: p.value?.title }));
  const started = performance.now();
  await initialize(server, { root: CHECKOUT });
  const initialized = performance.now();
  await server.connection.sendNotification(rpc.DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'typescript', version: 1, text } });
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
  const at = await Promise.race([complete, timeout]);
  clearTimeout(timer);
  await stop(server);
  const since = (t) => t - started;
  const ended = progress.filter((p) => p.kind === 'end').pop();
  return {
    initializeMs: since(initialized),
    projectMs: at === undefined ? undefined : since(at),
    first: publishes[0] && { ms: since(publishes[0].at), codes: publishes[0].codes },
    publishes: publishes.length,
    progressEndMs: ended && since(ended.at),
  };
}

/**
 * `rounds` rounds; the median time to the project-level diagnostics, or undefined if a round did not get
 * them. `probe` ({ file, rules, why }): another probe file and the rule ids to wait for (a check of this
 * script: a file whose diagnostics need no other file, e.g. queues.ts, must be measured at once).
 */
export async function measureProjectOpen({ rounds = 3, timeoutMs = 20_000, probe = PIN.probes.projectLevel, log = console.log } = {}) {
  restoreCheckout();
  const file = path.join(CHECKOUT, PIN.probes.into, probe.file);
  const rel = path.relative(CHECKOUT, file);
  log(`\n## language server: ${rel} opened in the typeorm+probes workspace`);
  log(`expected diagnostics: ${probe.rules.join(', ')}${probe.why ? ` (${probe.why})` : ''}; timeout ${timeoutMs} ms a round`);
  const results = [];
  for (let r = 0; r < rounds; r++) {
    const one = await openRound(file, probe.rules, timeoutMs);
    results.push(one);
    const first = one.first ? `first publish at ${one.first.ms.toFixed(0)} ms [${one.first.codes.join(', ') || 'no diagnostics'}]` : 'nothing published for the file';
    const got = one.projectMs === undefined ? `expected diagnostics not received within ${timeoutMs} ms` : `expected diagnostics at ${one.projectMs.toFixed(0)} ms`;
    const indexed = one.progressEndMs === undefined ? '' : `; $/progress ended at ${one.progressEndMs.toFixed(0)} ms`;
    log(`  round ${r + 1}/${rounds}: initialize answered at ${one.initializeMs.toFixed(0)} ms; ${first}; ${got}${indexed} (${one.publishes} publishes; load ${load()})`);
  }
  const got = results.filter((x) => x.projectMs !== undefined).length;
  const received = got === rounds;
  const ms = received ? median(results.map((x) => x.projectMs)) : undefined;
  log(`initialize -> project-level diagnostics of ${rel}: ${received ? `median ${ms.toFixed(0)} ms` : `not received (in ${rounds - got} of ${rounds} rounds)`}`);
  return { file: rel, rules: probe.rules, ms, received, rounds: results };
}

/** The checklist line of the measurement. */
export const projectOpenCheck = (m) => checkLine('language server: an opened file in a typeorm-sized workspace gets its project-level diagnostics within 2 s of initialize', m.received && m.ms <= PROJECT_OPEN_TARGET_MS, m.received ? `${m.ms.toFixed(0)} ms` : 'not received');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  console.log(`# rabbitmq4-codemod language server in a large workspace\n\n${machineLine()}\nload average at start: ${load()}`);
  const file = option(args, 'file', undefined);
  const probe = file ? { file, rules: option(args, 'rules', '').split(',').filter(Boolean) } : undefined;
  const m = await measureProjectOpen({ rounds: Number(option(args, 'rounds', 3)), timeoutMs: Number(option(args, 'timeout-ms', 20_000)), probe });
  console.log(`load average at end: ${load()}`);
  console.log(`\n${projectOpenCheck(m)}`);
}
