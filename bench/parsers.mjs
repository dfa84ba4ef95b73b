// Babel against the oxc path (issue 8): the cold, in-process cost of parsing every source file of a
// corpus and building the engine's ParsedFile for it, one fresh process per run, the parsers
// alternating; then the wall time of `scan --format json` with each, and whether the two reports
// are byte-identical.
//
//   npm run build && node bench/parsers.mjs [--rounds 5] [--corpus dense]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : dflt);
const ROUNDS = Number(opt('rounds', 5));
const CORPUS = path.join(root, 'bench/corpus', opt('corpus', 'dense'));
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const PARSERS = ['babel', 'oxc'];

function sourceFiles(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.git' && entry.name !== 'node_modules') sourceFiles(full, out);
    } else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** One run in this (fresh) process: ms to parse every file and build its ParsedFile. */
function parseOnce() {
  const { parseSource } = require(path.join(root, 'dist/parse'));
  const { ParsedFile } = require(path.join(root, 'dist/parse/ast'));
  const files = sourceFiles(CORPUS).map((file) => [file, fs.readFileSync(file, 'utf8')]);
  const started = process.hrtime.bigint();
  let nodes = 0;
  for (const [file, text] of files) {
    const parsed = parseSource(text, file);
    if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
    nodes += new ParsedFile(file, text, parsed.ast).nodes.length;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(JSON.stringify({ ms, nodes, files: files.length }));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main() {
  const inProcess = { babel: [], oxc: [] };
  const scan = { babel: [], oxc: [] };
  const reports = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const parser of PARSERS) {
      const env = { ...process.env, RABBITMQ4_CODEMOD_PARSER: parser };
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', ...args], { env, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(run.stderr);
      inProcess[parser].push(JSON.parse(run.stdout).ms);
      const started = process.hrtime.bigint();
      const cli = spawnSync(process.execPath, [path.join(root, 'bin/rabbitmq4-codemod'), 'scan', CORPUS, '--format', 'json'], { env, encoding: 'utf8', maxBuffer: 1 << 30 });
      scan[parser].push(Number(process.hrtime.bigint() - started) / 1e6);
      reports[parser] = cli.stdout;
    }
  }
  console.log(`corpus: ${path.relative(root, CORPUS)}, ${ROUNDS} rounds, medians (min-max)`);
  for (const parser of PARSERS) {
    const fmt = (xs) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`;
    console.log(`${parser.padEnd(5)}  parse + ParsedFile: ${fmt(inProcess[parser])}   scan --format json: ${fmt(scan[parser])}`);
  }
  console.log(`scan reports byte-identical: ${reports.babel === reports.oxc} (${reports.babel.length} bytes)`);
}

if (args.includes('--child')) parseOnce();
else main();
