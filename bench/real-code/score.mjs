// Scores this checkout's CLI on the real-code set: recall on the hand labels, precision of every finding.
//   node bench/real-code/score.mjs [--repo owner/name[,...]] [--json FILE] [--out FILE (default bench/REAL-CODE.md)]
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  REPORT_FILE, byFileLine, cell, endLineOf, falseAlarmsOf, findingsIn, inSpan, labelFound, parseArgs, pct, rowsIn, scan,
  seconds, selectRepos, toolCommit, truncate, where, writeSection, CONSUMER_RULES, DECLARATION_RULES,
} from './common.mjs';

const POSITIVE = new Set(['refused', 'flagged', 'unsafe']);

// ---------------------------------------------------------------------------------------------
// Scoring one repository

/** What the tool said in a label's range, in a few words (for a miss or an unknown label). */
function toolSaid(label, report) {
  const parts = [];
  for (const c of rowsIn(report, label)) parts.push(`consumers row line ${c.line} (${c.client}): verdict ${c.verdict}, ack ${c.ack}, prefetch ${c.prefetch ?? 'none'}${c.reasons.length ? `; reasons: ${c.reasons.join('; ')}` : ''}`);
  for (const f of findingsIn(report, label)) parts.push(`${f.ruleId} (${f.severity}) line ${f.line}: ${f.message}`);
  if (label.kind === 'consumer' && !rowsIn(report, label).length) parts.unshift('not seen: no consumers row in range');
  return parts.length ? parts.map((p) => truncate(p, 260)) : ['nothing in range'];
}

/** One label's outcome: found / missed (refused, flagged, unsafe), false-alarm / clean (legal, safe), or unknown. */
function scoreLabel(label, report) {
  const seen = rowsIn(report, label).length > 0;
  if (POSITIVE.has(label.verdict)) {
    const found = labelFound(label, report);
    return { label, status: found ? 'found' : 'missed', seen, said: found ? [] : toolSaid(label, report) };
  }
  if (label.verdict === 'legal' || label.verdict === 'safe') {
    const { findings, rows } = falseAlarmsOf(label, report);
    const alarms = [...rows.map((c) => `consumers row line ${c.line}: verdict unsafe (${c.reasons.join('; ')})`), ...findings.map((f) => `${f.ruleId} (${f.severity}) line ${f.line}: ${f.message}`)];
    return { label, status: alarms.length ? 'false-alarm' : 'clean', seen, alarms };
  }
  return { label, status: 'unknown', seen, said: toolSaid(label, report) };
}

/** right / wrong by a label, else by a judgment in the repo file's `findings`, else unjudged. */
function classifyFinding(f, spec) {
  const right = spec.labels.find((l) => POSITIVE.has(l.verdict) && inSpan(f, l) && l.rules.includes(f.ruleId));
  if (right) return { finding: f, verdict: 'right', by: `label ${where(right)}` };
  const wrong = spec.labels.find(
    (l) => inSpan(f, l) && ((l.kind === 'declaration' && l.verdict === 'legal' && DECLARATION_RULES.has(f.ruleId)) || (l.kind === 'consumer' && l.verdict === 'safe' && CONSUMER_RULES.has(f.ruleId))),
  );
  if (wrong) return { finding: f, verdict: 'wrong', by: `label ${where(wrong)} (${wrong.verdict})` };
  const judged = (spec.findings ?? []).find((j) => j.file === f.file && j.line === f.line && j.rule === f.ruleId);
  if (judged) return { finding: f, verdict: judged.verdict === 'right' ? 'right' : 'wrong', by: 'judgment', judged: true };
  return { finding: f, verdict: 'unjudged' };
}

/** Labels whose file is not in the checkout or whose lines are past its end. */
function labelProblems(spec) {
  const problems = [];
  for (const l of spec.labels) {
    const file = path.join(spec.checkout, l.file);
    if (!fs.existsSync(file)) problems.push({ repo: spec.repo, label: l, problem: 'the file is not in the checkout' });
    else if (endLineOf(l) > fs.readFileSync(file, 'utf8').split('\n').length) problems.push({ repo: spec.repo, label: l, problem: 'its lines are past the end of the file' });
  }
  for (const j of spec.findings ?? []) {
    if (!fs.existsSync(path.join(spec.checkout, j.file))) problems.push({ repo: spec.repo, label: { ...j, kind: 'judgment', verdict: j.verdict }, problem: 'the judged file is not in the checkout' });
  }
  return problems;
}

function scoreRepo(spec, report) {
  // A label in a file the tool does not scan by design (`.gitignore`d build output) is listed, not scored.
  const labels = spec.labels.filter((l) => !l.notScanned).map((l) => scoreLabel(l, report));
  const notScanned = spec.labels.filter((l) => l.notScanned);
  const findings = [...report.findings].sort(byFileLine).map((f) => classifyFinding(f, spec));
  const stale = (spec.findings ?? []).filter((j) => !report.findings.some((f) => f.file === j.file && f.line === j.line && f.ruleId === j.rule));
  return { repo: spec.repo, labels, notScanned, findings, stale, errors: report.errors ?? [], problems: labelProblems(spec), readable: consumerReadability(report.consumers ?? []) };
}

/**
 * Issue 34: can a reviewer act on the consumers table? Rows whose queue is neither named nor traced to where its name
 * is set (no queueSource), unknown verdicts that name nothing that decides them (no decidedBy), and rows that read
 * manual ack, no prefetch and safe together (a contradiction).
 */
export function consumerReadability(rows) {
  const unknown = rows.filter((c) => c.verdict === 'unknown');
  return {
    rows: rows.length,
    queueUntraced: count(rows, (c) => c.queue === null && !c.queueSource),
    unknown: unknown.length,
    unknownUnnamed: count(unknown, (c) => !c.decidedBy?.length),
    manualNoneSafe: count(rows, (c) => c.ack === 'manual' && c.prefetch === null && !c.prefetchRange && !c.prefetchSource && c.verdict === 'safe'),
  };
}

// ---------------------------------------------------------------------------------------------
// Totals

const count = (xs, pred) => xs.filter(pred).length;
const labelsOf = (r, kind, verdict) => r.labels.filter((s) => s.label.kind === kind && s.label.verdict === verdict);

function totalsOf(results) {
  const all = results.flatMap((r) => r.labels);
  const of = (kind, verdict) => all.filter((s) => s.label.kind === kind && s.label.verdict === verdict);
  const findings = results.flatMap((r) => r.findings);
  const refused = of('declaration', 'refused');
  const flagged = of('declaration', 'flagged');
  const unsafe = of('consumer', 'unsafe');
  const legal = of('declaration', 'legal');
  const safe = of('consumer', 'safe');
  return {
    refused: { found: count(refused, (s) => s.status === 'found'), total: refused.length },
    flagged: { found: count(flagged, (s) => s.status === 'found'), total: flagged.length },
    unsafe: { found: count(unsafe, (s) => s.status === 'found'), seen: count(unsafe, (s) => s.seen), total: unsafe.length },
    legal: { falseAlarms: count(legal, (s) => s.status === 'false-alarm'), total: legal.length },
    safe: { falseAlarms: count(safe, (s) => s.status === 'false-alarm'), seen: count(safe, (s) => s.seen), total: safe.length },
    unknown: { total: count(all, (s) => s.status === 'unknown') },
    readable: ['rows', 'queueUntraced', 'unknown', 'unknownUnnamed', 'manualNoneSafe'].reduce((o, k) => ({ ...o, [k]: results.reduce((n, r) => n + r.readable[k], 0) }), {}),
    findings: {
      total: findings.length,
      right: count(findings, (c) => c.verdict === 'right'),
      wrong: count(findings, (c) => c.verdict === 'wrong'),
      unjudged: count(findings, (c) => c.verdict === 'unjudged'),
    },
  };
}

function rulesOf(results) {
  const rules = new Map();
  for (const c of results.flatMap((r) => r.findings)) {
    const row = rules.get(c.finding.ruleId) ?? { rule: c.finding.ruleId, findings: 0, right: 0, wrong: 0, unjudged: 0 };
    row.findings++;
    row[c.verdict]++;
    rules.set(row.rule, row);
  }
  return [...rules.values()].sort((a, b) => a.rule.localeCompare(b.rule));
}

const ruleMeetsTarget = (r) => r.right / r.findings >= 0.95;

// ---------------------------------------------------------------------------------------------
// REAL-CODE.md

function totalsTable(t, rules) {
  const big = rules.filter((r) => r.findings >= 5);
  const met = (ok) => (ok ? 'yes' : '**no**');
  const falseAlarmRate = t.findings.total ? t.findings.wrong / t.findings.total : 0;
  return [
    '| measure | value | target | met |',
    '|---|---|---|---|',
    `| refused declarations found | ${t.refused.found}/${t.refused.total} (${pct(t.refused.found, t.refused.total)}) | 100% | ${met(t.refused.found === t.refused.total)} |`,
    `| flagged declarations found | ${t.flagged.found}/${t.flagged.total} (${pct(t.flagged.found, t.flagged.total)}) | | |`,
    `| unsafe consumers found | ${t.unsafe.found}/${t.unsafe.total} (${pct(t.unsafe.found, t.unsafe.total)}) | >= 90% | ${met(t.unsafe.found >= 0.9 * t.unsafe.total)} |`,
    `| unsafe consumers seen (any consumers row in range, whatever its verdict) | ${t.unsafe.seen}/${t.unsafe.total} (${pct(t.unsafe.seen, t.unsafe.total)}) | | |`,
    `| safe consumers seen | ${t.safe.seen}/${t.safe.total} (${pct(t.safe.seen, t.safe.total)}) | | |`,
    `| legal declarations with a false alarm | ${t.legal.falseAlarms}/${t.legal.total} | | |`,
    `| safe consumers with a false alarm | ${t.safe.falseAlarms}/${t.safe.total} | | |`,
    `| false alarms: findings that contradict a legal/safe label or are judged wrong | ${t.findings.wrong}/${t.findings.total} (${pct(t.findings.wrong, t.findings.total)}) | <= 2% | ${met(falseAlarmRate <= 0.02)} |`,
    `| findings right (by a label or a judgment) | ${t.findings.right}/${t.findings.total} (${pct(t.findings.right, t.findings.total)}) | | |`,
    `| findings unjudged | ${t.findings.unjudged}/${t.findings.total} (${pct(t.findings.unjudged, t.findings.total)}) | | |`,
    `| consumers whose queue is neither named nor traced to its source (queueSource) | ${t.readable.queueUntraced}/${t.readable.rows} (${pct(t.readable.queueUntraced, t.readable.rows)}) | <= 15% | ${met(t.readable.queueUntraced <= 0.15 * t.readable.rows)} |`,
    `| unknown verdicts that name nothing that decides them (decidedBy) | ${t.readable.unknownUnnamed}/${t.readable.unknown} | 0 | ${met(t.readable.unknownUnnamed === 0)} |`,
    `| rows with manual ack, no prefetch and safe together | ${t.readable.manualNoneSafe}/${t.readable.rows} | 0 | ${met(t.readable.manualNoneSafe === 0)} |`,
    `| rules with 5+ findings whose findings are >= 95% right (unjudged ones count as not right) | ${count(big, ruleMeetsTarget)}/${big.length} | all | ${met(big.every(ruleMeetsTarget))} |`,
  ];
}

function verdictSummary(r) {
  const counts = new Map();
  for (const s of r.labels) counts.set(s.label.verdict, (counts.get(s.label.verdict) ?? 0) + 1);
  return ['refused', 'flagged', 'legal', 'unsafe', 'safe', 'unknown'].filter((v) => counts.has(v)).map((v) => `${counts.get(v)} ${v}`).join(', ');
}

function repoTable(results, missing) {
  const lines = ['| repository | labels | found | missed | false alarms | findings | unjudged |', '|---|---|---|---|---|---|---|'];
  for (const r of results) {
    const positives = r.labels.filter((s) => POSITIVE.has(s.label.verdict));
    lines.push(
      `| ${r.repo} | ${verdictSummary(r)} | ${count(positives, (s) => s.status === 'found')}/${positives.length} | ${count(positives, (s) => s.status === 'missed')} | ${count(r.labels, (s) => s.status === 'false-alarm')} | ${r.findings.length} | ${count(r.findings, (c) => c.verdict === 'unjudged')} |`,
    );
  }
  for (const m of missing) lines.push(`| ${m} | (checkout missing: not scored) | | | | | |`);
  return lines;
}

function ruleTable(rules) {
  const lines = ['| rule | findings | right | wrong | unjudged | right % | target (5+ findings: >= 95% right) |', '|---|---|---|---|---|---|---|'];
  for (const r of rules) lines.push(`| ${r.rule} | ${r.findings} | ${r.right} | ${r.wrong} | ${r.unjudged} | ${pct(r.right, r.findings)} | ${r.findings < 5 ? '' : ruleMeetsTarget(r) ? 'met' : '**not met**'} |`);
  return lines;
}

const labelLine = (repo, s) => `- ${repo} \`${where(s.label)}\` ${s.label.kind} ${s.label.verdict}${s.label.rules?.length ? ` [${s.label.rules.join(', ')}]` : ''}: ${truncate(s.label.why, 300)}`;

function missList(results) {
  const out = [];
  for (const r of results) {
    for (const s of r.labels.filter((x) => x.status === 'missed')) {
      out.push(labelLine(r.repo, s));
      for (const said of s.said) out.push(`  - tool: ${said}`);
    }
  }
  return out.length ? out : ['(none)'];
}

function falseAlarmList(results) {
  const out = [];
  for (const r of results) {
    for (const s of r.labels.filter((x) => x.status === 'false-alarm')) {
      out.push(labelLine(r.repo, s));
      for (const a of s.alarms) out.push(`  - tool: ${truncate(a, 260)}`);
    }
    for (const c of r.findings.filter((x) => x.verdict === 'wrong' && x.judged)) out.push(`- ${r.repo} \`${c.finding.file}:${c.finding.line}\` ${c.finding.ruleId}: judged wrong: ${truncate(c.finding.message)}`);
  }
  return out.length ? out : ['(none)'];
}

function unknownList(results) {
  const out = [];
  for (const r of results) {
    for (const s of r.labels.filter((x) => x.status === 'unknown')) {
      out.push(labelLine(r.repo, s));
      for (const said of s.said) out.push(`  - tool: ${said}`);
    }
  }
  return out.length ? out : ['(none)'];
}

function unjudgedList(results) {
  const out = [];
  for (const r of results) {
    for (const c of r.findings.filter((x) => x.verdict === 'unjudged')) {
      const f = c.finding;
      out.push(`- ${r.repo} \`${f.file}:${f.line}\` ${f.ruleId} (${f.severity}): ${truncate(f.message)}`);
    }
  }
  return out.length ? out : ['(none)'];
}

function problemList(results) {
  const out = [];
  for (const r of results) {
    for (const p of r.problems) out.push(`- ${r.repo} \`${where(p.label)}\` (${p.label.kind} ${p.label.verdict}): ${p.problem}`);
    for (const j of r.stale) out.push(`- ${r.repo} \`${j.file}:${j.line}\` judgment of ${j.rule} (${j.verdict}): no such finding in this run's report`);
    for (const e of r.errors) out.push(`- ${r.repo} \`${e.file}${e.line ? `:${e.line}` : ''}\` the report lists an error: ${truncate(e.message)}`);
  }
  return out;
}

function render({ results, missing, totals, rules, meta }) {
  const problems = problemList(results);
  return [
    '## Score',
    '',
    `Produced by \`${meta.command}\` on ${meta.date}, with the tool at commit ${meta.commit} (bin/rabbitmq4-codemod, its built dist),`,
    `each repository scanned with \`rabbitmq4-codemod scan . --format json --fail-on never\` from its checkout's root.`,
    `${results.length} repositories scored${missing.length ? `, ${missing.length} left out (checkout missing: run bench/real-code/restore.mjs)` : ''}${meta.limited ? ' (limited with --repo)' : ''}; the scans took ${seconds(meta.scanMs)} (the whole script ${seconds(meta.totalMs)}).`,
    '',
    'A label covers `file` lines `line`..`endLine`. A refused/flagged declaration is found by a finding of one of its rules there; an unsafe consumer by a consumers row with verdict unsafe or a finding of one of its rules there. A legal declaration has a false alarm if a declaration-rule finding lies there, a safe consumer if an unsafe row or a consumer-rule finding does. Every finding is right (it matches a refused/flagged/unsafe label with one of its rules, or a judgment `right`), wrong (it contradicts a legal/safe label, or a judgment `wrong`), or unjudged.',
    '',
    '### Totals',
    '',
    ...totalsTable(totals, rules),
    '',
    '### Per repository',
    '',
    ...repoTable(results, missing),
    '',
    '### Per rule',
    '',
    ...ruleTable(rules),
    '',
    '### Misses (refused, flagged and unsafe labels the tool did not report)',
    '',
    ...missList(results),
    '',
    '### False alarms (legal and safe labels the tool reported, and findings judged wrong)',
    '',
    ...falseAlarmList(results),
    '',
    '### Labels outside what the tool scans (not scored)',
    '',
    ...results.flatMap((r) => r.notScanned.map((l) => `- ${r.repo} \`${l.file}:${l.line}\` ${l.kind} ${l.verdict}: ${l.notScanned}`)),
    '',
    '### Unknown labels (run time decides; what the tool listed there)',
    '',
    ...unknownList(results),
    '',
    '### Unjudged findings (judge them: add `{ "file", "line", "rule", "verdict": "right"|"wrong", "why" }` to the repository\'s `findings`)',
    '',
    ...unjudgedList(results),
    ...(problems.length ? ['', '### Label and report problems', '', ...problems] : []),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

function main() {
  const started = Date.now();
  const opts = parseArgs(process.argv.slice(2), ['repo', 'json', 'out']);
  const results = [];
  const missing = [];
  let scanMs = 0;
  for (const spec of selectRepos(opts.repo)) {
    if (!spec.present) {
      missing.push(spec.repo);
      console.log(`${spec.repo.padEnd(50)} skipped: no checkout at ${spec.checkout} (run node bench/real-code/restore.mjs)`);
      continue;
    }
    const { report, ms } = scan(spec.checkout);
    scanMs += ms;
    const r = scoreRepo(spec, report);
    results.push(r);
    const pos = r.labels.filter((s) => POSITIVE.has(s.label.verdict));
    console.log(`${spec.repo.padEnd(50)} ${String(count(pos, (s) => s.status === 'found')).padStart(2)}/${String(pos.length).padEnd(2)} found, ${count(r.labels, (s) => s.status === 'false-alarm')} false alarms, ${r.findings.length} findings (${count(r.findings, (c) => c.verdict === 'unjudged')} unjudged)  ${seconds(ms)}`);
  }
  const totals = totalsOf(results);
  const rules = rulesOf(results);
  const meta = {
    command: `node bench/real-code/score.mjs${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    date: new Date().toISOString().slice(0, 10),
    commit: toolCommit(),
    limited: opts.repo.length > 0,
    scanMs,
    totalMs: Date.now() - started,
  };
  const out = path.resolve(opts.out ?? REPORT_FILE);
  writeSection(out, 'score', render({ results, missing, totals, rules, meta }));
  const t = totals;
  console.log(
    `\nrefused found ${t.refused.found}/${t.refused.total} (${pct(t.refused.found, t.refused.total)}), flagged ${t.flagged.found}/${t.flagged.total}, unsafe consumers found ${t.unsafe.found}/${t.unsafe.total} (${pct(t.unsafe.found, t.unsafe.total)}), seen ${t.unsafe.seen}/${t.unsafe.total}; ` +
      `false alarms ${t.findings.wrong}/${t.findings.total} findings (${pct(t.findings.wrong, t.findings.total)}), ${t.findings.unjudged} unjudged; consumers with an untraced queue ${t.readable.queueUntraced}/${t.readable.rows}, unknown verdicts naming nothing ${t.readable.unknownUnnamed}/${t.readable.unknown}, manual+none+safe ${t.readable.manualNoneSafe}; ${seconds(meta.totalMs)}. Wrote ${path.relative(process.cwd(), out)}`,
  );
  if (opts.json) {
    const repos = results.map((r) => ({
      repo: r.repo,
      labels: r.labels.map((s) => ({ file: s.label.file, line: s.label.line, endLine: endLineOf(s.label), kind: s.label.kind, verdict: s.label.verdict, status: s.status, seen: s.seen })),
      findings: r.findings.map((c) => ({ file: c.finding.file, line: c.finding.line, rule: c.finding.ruleId, severity: c.finding.severity, verdict: c.verdict })),
    }));
    fs.writeFileSync(opts.json, `${JSON.stringify({ ...meta, totals, rules, missing, repos }, null, 2)}\n`);
  }
}

main();
