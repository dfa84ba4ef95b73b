// What score.mjs and mutate.mjs share: running this checkout's CLI on a restored repository, label ranges,
// the rule families a label's verdict is judged by, and rewriting one marked section of bench/REAL-CODE.md.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinnedRepos } from './restore.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The rabbitmq4-codemod checkout these scripts live in (its labels are read and its bench/REAL-CODE.md written). */
export const ROOT = path.resolve(here, '..', '..');
/**
 * The checkout whose CLI and built dist are run: this one, or another build of the tool named by
 * RABBITMQ4_REAL_CODE_TOOL (e.g. an older commit, to score code the tool had never seen).
 */
export const TOOL_ROOT = process.env.RABBITMQ4_REAL_CODE_TOOL ? path.resolve(process.env.RABBITMQ4_REAL_CODE_TOOL) : ROOT;
export const BIN = path.join(TOOL_ROOT, 'bin', 'rabbitmq4-codemod');
if (!fs.existsSync(path.join(TOOL_ROOT, 'dist'))) throw new Error(`${TOOL_ROOT} has no dist/: run npm run build there first`);
export const REPORT_FILE = path.join(ROOT, 'bench', 'REAL-CODE.md');

/** Rules that judge a queue declaration: a `legal` label with one of these in range is a false alarm. */
export const DECLARATION_RULES = new Set(['transient-nonexclusive-queue', 'quorum-queue-invalid-property', 'stream-queue-invalid-property', 'queue-argument-not-supported', 'deprecated-queue-argument']);
/** Rules that judge a consumer: a `safe` label with one of these in range is a false alarm. */
export const CONSUMER_RULES = new Set(['auto-ack-consumer', 'unbounded-prefetch', 'ineffective-prefetch', 'stream-consumer-requirements']);

/** Command-line options: `--name value` pairs, repeatable ones collected; `--repo a/b,c/d` or repeated. */
export function parseArgs(argv, known) {
  const out = { repo: [] };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (!argv[i].startsWith('--') || !known.includes(name)) throw new Error(`unknown argument ${argv[i]} (known: ${known.map((k) => `--${k}`).join(' ')})`);
    const value = argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    if (name === 'repo') out.repo.push(...value.split(','));
    else out[name] = value;
  }
  return out;
}

/** The pinned repositories (all, or those `--repo` names), each with whether its checkout is there. */
export function selectRepos(only) {
  const all = pinnedRepos();
  const unknown = only.filter((r) => !all.some((s) => s.repo === r));
  if (unknown.length) throw new Error(`not in bench/real-code/repos: ${unknown.join(', ')}`);
  return all.filter((s) => !only.length || only.includes(s.repo)).map((s) => ({ ...s, present: fs.existsSync(path.join(s.checkout, '.git')) }));
}

/** `scan . --format json` in the repository (so report paths are relative to its root). */
export function scan(checkout) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [BIN, 'scan', '.', '--format', 'json', '--fail-on', 'never'], { cwd: checkout, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = Date.now() - started;
  if (r.status !== 0) throw new Error(`scan failed in ${checkout} (exit ${r.status}): ${(r.stderr || r.error?.message || '').trim().slice(0, 500)}`);
  return { report: JSON.parse(r.stdout), ms };
}

export const endLineOf = (label) => label.endLine ?? label.line;
/** A label's span as text: `file:line` or `file:line-endLine`. */
export const where = (label) => `${label.file}:${label.line}${endLineOf(label) !== label.line ? `-${endLineOf(label)}` : ''}`;
/** Whether a report item (finding or consumers row) lies in a span: same file, its line within the lines. */
export const inSpan = (item, span) => item.file === span.file && item.line >= span.line && item.line <= endLineOf(span);

export const findingsIn = (report, span) => report.findings.filter((f) => inSpan(f, span));
export const rowsIn = (report, span) => report.consumers.filter((c) => inSpan(c, span));

/** Is a refused/flagged/unsafe label found: a finding of its rules in range (or, for a consumer, an unsafe row)? */
export function labelFound(label, report) {
  if (findingsIn(report, label).some((f) => label.rules.includes(f.ruleId))) return true;
  return label.kind === 'consumer' && rowsIn(report, label).some((c) => c.verdict === 'unsafe');
}

/** The findings (and unsafe rows) that contradict a legal/safe label. */
export function falseAlarmsOf(label, report) {
  const rules = label.kind === 'declaration' ? DECLARATION_RULES : CONSUMER_RULES;
  const findings = findingsIn(report, label).filter((f) => rules.has(f.ruleId));
  const rows = label.kind === 'consumer' ? rowsIn(report, label).filter((c) => c.verdict === 'unsafe') : [];
  return { findings, rows };
}

export const truncate = (s, n = 200) => {
  const one = String(s).replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};
/** Text safe inside a markdown table cell. */
export const cell = (s) => String(s).replace(/\|/g, '\\|');
export const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
export const byFileLine = (a, b) => a.file.localeCompare(b.file) || a.line - b.line || (a.column ?? 0) - (b.column ?? 0) || (a.ruleId ?? '').localeCompare(b.ruleId ?? '');

/** The tool's commit, and whether its checkout has uncommitted changes under src/. */
export function toolCommit() {
  const git = (args) => spawnSync('git', args, { cwd: TOOL_ROOT, encoding: 'utf8' }).stdout.trim();
  const head = git(['rev-parse', '--short=12', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--', 'src']) !== '';
  return `${head}${dirty ? ' (with uncommitted changes under src/)' : ''}`;
}

const TITLE = '# The real-code set: recall and precision on pinned public repositories\n\n' +
  'Written by `bench/real-code/score.mjs` (its section) and `bench/real-code/mutate.mjs` (the mutation test);\n' +
  'each script rewrites only its own section, between its marker comments. See bench/real-code/README.md.\n';

/**
 * Replaces the section between `<!-- name:begin -->` and `<!-- name:end -->` in the report file (creating
 * the file, or appending the section, when missing). `order` lists the sections in the order they go.
 */
export function writeSection(file, name, body, order = ['score', 'mutation']) {
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : TITLE;
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${begin}\n${body.trimEnd()}\n${end}`;
  const at = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (at >= 0 && stop > at) text = text.slice(0, at) + block + text.slice(stop + end.length);
  else {
    // Before the first section that goes after this one, else at the end.
    const later = order.slice(order.indexOf(name) + 1).map((n) => text.indexOf(`<!-- ${n}:begin -->`)).filter((i) => i >= 0);
    const pos = later.length ? Math.min(...later) : text.length;
    const before = text.slice(0, pos).trimEnd();
    text = `${before}\n\n${block}\n\n${text.slice(pos).trimStart()}`;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${text.trimEnd()}\n`);
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
