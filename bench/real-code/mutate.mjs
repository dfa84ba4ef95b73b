// The mutation test: rewrites each legal declaration and safe consumer of the real-code set into a refused or
// unsafe form, in its checkout, and counts whether the tool then reports it there (mutation recall).
//   node bench/real-code/mutate.mjs [--repo owner/name[,...]] [--json FILE] [--out FILE (default bench/REAL-CODE.md)]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPORT_FILE, cell, findingsIn, labelFound, parseArgs, pct, rowsIn, scan, seconds, selectRepos, toolCommit, truncate, where, writeSection } from './common.mjs';
import { DECLARATION_KINDS, KINDS, parseFile, planMutation } from './mutations.mjs';

// ---------------------------------------------------------------------------------------------
// Planning: which sites are mutated, how

/** The sites to mutate: legal declarations, safe consumers, and unsafe consumers the tool found (not auto-ack ones). */
function candidates(spec, baseline) {
  const out = [];
  for (const label of spec.labels) {
    if (label.kind === 'declaration' && label.verdict === 'legal') out.push({ label, group: 'declaration' });
    else if (label.kind === 'consumer' && label.verdict === 'safe') out.push({ label, group: 'autoAck' });
    else if (label.kind === 'consumer' && label.verdict === 'unsafe' && !label.rules.includes('auto-ack-consumer') && labelFound(label, baseline)) out.push({ label, group: 'unsafeAutoAck' });
  }
  return out;
}

/** Plans every candidate of a repository; declarations cycle through the kinds (`cycle` carries on across repositories). */
function planRepo(spec, baseline, cycle) {
  const texts = new Map();
  const parsed = new Map();
  const plans = [];
  for (const { label, group } of candidates(spec, baseline)) {
    const base = { repo: spec.repo, label, group };
    if (label.notScanned) {
      plans.push({ ...base, skip: `not scanned: ${label.notScanned}` });
      continue;
    }
    if (label.mutation === false) {
      plans.push({ ...base, skip: "labelled \"mutation\": false" });
      continue;
    }
    const file = path.join(spec.checkout, label.file);
    if (!fs.existsSync(file)) {
      plans.push({ ...base, skip: 'the file is not in the checkout' });
      continue;
    }
    if (!texts.has(label.file)) {
      texts.set(label.file, fs.readFileSync(file, 'utf8'));
      parsed.set(label.file, parseFile(texts.get(label.file), label.file));
    }
    const ast = parsed.get(label.file);
    if (!ast.ast) {
      plans.push({ ...base, skip: `the file does not parse (${ast.error})` });
      continue;
    }
    let kinds = [group];
    if (group === 'declaration') {
      const first = cycle.next++ % DECLARATION_KINDS.length;
      kinds = [...DECLARATION_KINDS.slice(first), ...DECLARATION_KINDS.slice(0, first)];
      // `mutationKinds`: the only kinds the site's client can send (jackrabbit 3.x declares { durable } alone: no arguments).
      if (Array.isArray(label.mutationKinds)) kinds = kinds.filter((k) => label.mutationKinds.includes(k));
      if (!kinds.length) {
        plans.push({ ...base, skip: `labelled "mutationKinds": ${JSON.stringify(label.mutationKinds)}` });
        continue;
      }
    }
    const plan = planMutation(ast, texts.get(label.file), label, spec, kinds);
    if (plan.skip) {
      plans.push({ ...base, skip: plan.skip, client: plan.client });
      continue;
    }
    const expect = KINDS[plan.kind].expect;
    if (findingsIn(baseline, label).some((f) => f.ruleId === expect)) {
      plans.push({ ...base, client: plan.client, skip: `the unmutated code already has ${expect} in range (a false alarm of the baseline), so the mutation would prove nothing` });
      continue;
    }
    plans.push({ ...base, ...plan, expect, original: texts.get(label.file) });
  }
  return plans;
}

/**
 * Runs of one repository: at most one mutation per file (their ranges cannot interfere) and per expected
 * rule (a finding of that rule in a site's range can then only come from that site's mutation).
 */
function batches(mutations) {
  const runs = [];
  for (const m of mutations) {
    const run = runs.find((r) => !r.some((x) => x.label.file === m.label.file || x.expect === m.expect));
    if (run) run.push(m);
    else runs.push([m]);
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------
// Running

const written = new Map();
/** Puts every mutated file back (after each run, and on exit or interrupt). */
function restoreAll() {
  for (const [file, text] of written) fs.writeFileSync(file, text);
  written.clear();
}
process.on('exit', restoreAll);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/** Uncommitted changes to these files (the whole tree may differ: a snapshot lacks files of 4 MiB and more). */
// Only the labelled files count: with no paths git would report the whole tree, including the files of 4 MiB
// and more a snapshot lacks (shown as deleted), and a repository without labels would be left out as dirty.
const dirty = (checkout, files) => files.length > 0 && spawnSync('git', ['status', '--porcelain', '--', ...files], { cwd: checkout, encoding: 'utf8' }).stdout.trim() !== '';

/** Applies one batch, scans, restores; each mutation gets `reported` and what the tool said in its range. */
function runBatch(spec, batch, baseline) {
  for (const m of batch) {
    const file = path.join(spec.checkout, m.label.file);
    written.set(file, m.original);
    fs.writeFileSync(file, m.text);
  }
  let result;
  try {
    result = scan(spec.checkout);
  } finally {
    restoreAll();
  }
  for (const m of batch) {
    const near = (items) => items.filter((x) => m.spans.some((s) => x.file === s.file && x.line >= s.line && x.line <= s.endLine));
    const findings = near(result.report.findings);
    m.reported = findings.some((f) => f.ruleId === m.expect);
    m.instead = m.reported ? [] : [...near(result.report.consumers).map((c) => `consumers row line ${c.line} (${c.client}): verdict ${c.verdict}, ack ${c.ack}${c.reasons.length ? `; ${c.reasons.join('; ')}` : ''}`), ...findings.map((f) => `${f.ruleId} (${f.severity}) line ${f.line}: ${f.message}`)];
    // Only this mutation of the batch expects its rule, so a new finding of it elsewhere is this one's.
    const isNew = (f) => f.ruleId === m.expect && !baseline.findings.some((b) => b.ruleId === f.ruleId && b.file === f.file && b.line === f.line);
    if (!m.reported) m.instead.push(...result.report.findings.filter(isNew).map((f) => `elsewhere: ${m.expect} (${f.severity}) at ${f.file}:${f.line}: ${f.message}`));
  }
  return result.ms;
}

function mutateRepo(spec, cycle) {
  const files = [...new Set(spec.labels.map((l) => l.file))];
  if (dirty(spec.checkout, files)) return { repo: spec.repo, error: 'labelled files of the checkout have local changes: run node bench/real-code/restore.mjs (it checks it out again)', plans: [], ms: 0, runs: 0 };
  const baseline = scan(spec.checkout);
  const plans = planRepo(spec, baseline.report, cycle);
  const runs = batches(plans.filter((p) => !p.skip));
  let ms = baseline.ms;
  for (const batch of runs) ms += runBatch(spec, batch, baseline.report);
  if (dirty(spec.checkout, files)) throw new Error(`${spec.checkout} was not restored`);
  return { repo: spec.repo, plans, ms, runs: runs.length + 1 };
}

// ---------------------------------------------------------------------------------------------
// REAL-CODE.md: the "Mutation test" section

const mutatedOf = (plans) => plans.filter((p) => !p.skip);
const clientOf = (p) => p.client ?? '(unknown)';

function recallTable(title, plans, keyOf, keys) {
  const lines = [`| ${title} | mutated | reported | recall |`, '|---|---|---|---|'];
  for (const k of keys) {
    const ms = plans.filter((p) => keyOf(p) === k);
    if (ms.length) lines.push(`| ${cell(k)} | ${ms.length} | ${ms.filter((p) => p.reported).length} | ${pct(ms.filter((p) => p.reported).length, ms.length)} |`);
  }
  const done = plans.filter((p) => p.reported).length;
  lines.push(`| **all** | ${plans.length} | ${done} | ${pct(done, plans.length)} |`);
  return lines;
}

function coverageTable(plans) {
  const groups = [
    ['legal declarations', 'declaration'],
    ['safe consumers', 'autoAck'],
    ['unsafe consumers the tool found (manual ack, no prefetch)', 'unsafeAutoAck'],
  ];
  const lines = ['| sites | candidates | mutated | not mutated |', '|---|---|---|---|'];
  for (const [name, group] of groups) {
    const ps = plans.filter((p) => p.group === group);
    lines.push(`| ${name} | ${ps.length} | ${ps.filter((p) => !p.skip).length} | ${ps.filter((p) => p.skip).length} |`);
  }
  return lines;
}

/** The not-mutated reasons in a few groups (the first words of each reason, identifiers left out). */
function reasonGroups(plans) {
  const groups = new Map();
  for (const p of plans.filter((x) => x.skip)) {
    const key = p.skip.replace(/`[^`]*`/g, '…').replace(/^(transient|quorumPriority|masterLocator): /, '').split(';')[0].trim();
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => `- ${n} × ${k}`);
}

const siteLine = (p) => `- ${p.repo} \`${where(p.label)}\` ${p.label.kind} ${p.label.verdict}`;

function render({ results, plans, meta }) {
  const mutated = mutatedOf(plans);
  const kinds = Object.keys(KINDS);
  const clients = [...new Set(mutated.map(clientOf))].sort();
  const unreported = mutated.filter((p) => !p.reported);
  const notMutated = plans.filter((p) => p.skip);
  const errors = results.filter((r) => r.error);
  return [
    '## Mutation test',
    '',
    `Produced by \`${meta.command}\` on ${meta.date}, with the tool at commit ${meta.commit}: ${meta.runs} scans (${meta.repos} repositories, one unmutated baseline scan each) took ${seconds(meta.scanMs)} (the whole script ${seconds(meta.totalMs)}).`,
    '',
    "Each legal declaration is rewritten into a refused one, one kind per site, cycling (a), (b), (c) across the sites (a site that cannot take its kind, e.g. (a) or (c) on a stream queue, takes the next); each safe consumer, and each unsafe consumer the tool already reports as manual ack without prefetch, is made auto-ack. Each rewrite is an exact text edit at the site's call, handler decorator or config object, in the library's own spelling (an options object is inserted where the call has none, a same-file `const x = {...}` it passes is edited where it is written). The mutated file must parse as before; the repository is then scanned (one mutation per file and per expected rule in a scan; the files are restored after each) and the mutation counts as reported if a finding of the expected rule lies in the label's lines (shifted by any added lines) or on an edited line.",
    '',
    ...recallTable('mutation kind', mutated, (p) => p.kind, kinds).map((l) => kinds.reduce((s, k) => s.replace(`| ${k} |`, `| ${KINDS[k].title} (expects ${KINDS[k].expect}) |`), l)),
    '',
    "Per client (the site's library, from its call and the repository's clients; amqp-connection-manager where the label or the receiver names its wrapper or setup callback):",
    '',
    ...recallTable('client', mutated, clientOf, clients),
    '',
    '### Coverage',
    '',
    ...coverageTable(plans),
    '',
    'Why sites were not mutated:',
    '',
    ...(notMutated.length ? reasonGroups(plans) : ['(every site was mutated)']),
    '',
    '### Unreported mutations (and what the tool reported in the range instead)',
    '',
    ...(unreported.length
      ? unreported.flatMap((p) => [`${siteLine(p)}: ${p.kind} (${p.client}), expects ${p.expect}: ${p.describe}`, ...(p.instead.length ? p.instead : ['nothing in range']).map((s) => `  - tool: ${truncate(s, 260)}`)])
      : ['(none)']),
    '',
    '### Sites not mutated',
    '',
    ...(notMutated.length ? notMutated.map((p) => `${siteLine(p)} (${p.group === 'declaration' ? 'declaration' : KINDS[p.group].title}): ${p.skip}`) : ['(none)']),
    ...(errors.length ? ['', '### Repositories left out', '', ...errors.map((r) => `- ${r.repo}: ${r.error}`)] : []),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

function main() {
  const started = Date.now();
  const opts = parseArgs(process.argv.slice(2), ['repo', 'json', 'out']);
  const cycle = { next: 0 };
  const results = [];
  for (const spec of selectRepos(opts.repo)) {
    if (!spec.present) {
      console.log(`${spec.repo.padEnd(50)} skipped: no checkout at ${spec.checkout} (run node bench/real-code/restore.mjs)`);
      results.push({ repo: spec.repo, error: 'checkout missing', plans: [], ms: 0, runs: 0 });
      continue;
    }
    const r = mutateRepo(spec, cycle);
    results.push(r);
    const m = mutatedOf(r.plans);
    console.log(`${spec.repo.padEnd(50)} ${r.error ?? `${String(m.filter((p) => p.reported).length).padStart(2)}/${String(m.length).padEnd(2)} reported, ${r.plans.length - m.length} not mutated, ${r.runs} scans  ${seconds(r.ms)}`}`);
  }
  const plans = results.flatMap((r) => r.plans);
  const meta = {
    command: `node bench/real-code/mutate.mjs${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    date: new Date().toISOString().slice(0, 10),
    commit: toolCommit(),
    repos: results.filter((r) => !r.error).length,
    runs: results.reduce((n, r) => n + r.runs, 0),
    scanMs: results.reduce((n, r) => n + r.ms, 0),
    totalMs: Date.now() - started,
  };
  const out = path.resolve(opts.out ?? REPORT_FILE);
  writeSection(out, 'mutation', render({ results, plans, meta }));
  const mutated = mutatedOf(plans);
  const perKind = Object.keys(KINDS)
    .map((k) => [k, mutated.filter((p) => p.kind === k)])
    .filter(([, ms]) => ms.length)
    .map(([k, ms]) => `${k} ${ms.filter((p) => p.reported).length}/${ms.length}`);
  console.log(`\nmutation recall ${mutated.filter((p) => p.reported).length}/${mutated.length} (${pct(mutated.filter((p) => p.reported).length, mutated.length)}): ${perKind.join(', ')}; ${plans.length - mutated.length} sites not mutated; ${meta.runs} scans, ${seconds(meta.totalMs)}. Wrote ${path.relative(process.cwd(), out)}`);
  if (opts.json) {
    const rows = plans.map((p) => ({ repo: p.repo, file: p.label.file, line: p.label.line, endLine: p.label.endLine ?? p.label.line, kind: p.label.kind, verdict: p.label.verdict, group: p.group, client: p.skip ? p.client : clientOf(p), ...(p.skip ? { mutated: false, reason: p.skip } : { mutated: true, mutation: p.kind, expect: p.expect, edit: p.describe, reported: p.reported }) }));
    fs.writeFileSync(opts.json, `${JSON.stringify({ ...meta, mutations: rows }, null, 2)}\n`);
  }
}

main();
