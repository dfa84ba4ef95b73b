// The `rules` command: every rule with its severity per target, fixability, what they depend on and its MIGRATION.md section.
import { ALL_RULES } from '../rules';
import type { RuleMeta } from '../rules/types';
import { UNUSED_SUPPRESSION } from '../engine/unused-suppressions';
import { flag, parseArgs } from './args';
import { color, useColor, type Io } from './common';

export const MIGRATION_URL = 'MIGRATION.md';

/** What holds for every rule's findings, besides what each rule's `dependsOn` says. */
export const EVERY_RULE =
  'The severity shown is the headline for each target, and the fix the best the rule offers. For every rule: ' +
  'an info finding is reported only (never rewritten or annotated); a rewrite is made only where the value is known ' +
  'and the edit is right for every declaration that shares it, otherwise the finding is annotated with a ' +
  '`// rabbitmq4-codemod(<rule-id>)` comment; findings in package.json, lock files and JSON configuration files are ' +
  'reported only (they hold no comments); --safe-only turns rewrites of queues that may already exist into ' +
  'annotations, and --unsafe-fixes adds the opt-in rewrites. A config file can set any rule off or give all its findings one severity.';

type Listed = Omit<RuleMeta, 'appliesTo'> & { appliesTo: RuleMeta['appliesTo'] | 'ignore-comment' };

/** The rules a scan can report: the RabbitMQ rules and the tool's own unused-suppression. */
const LISTED: readonly Listed[] = [...ALL_RULES.map((r) => r.meta), { ...UNUSED_SUPPRESSION, appliesTo: 'ignore-comment' }];

export function rules(argv: string[], io: Io): number {
  const args = parseArgs(argv, { format: { value: true, choices: ['text', 'json'] }, help: {}, h: {} }, 'rules');
  const list = LISTED.map((r) => ({
    id: r.id,
    title: r.title,
    appliesTo: r.appliesTo,
    severity: r.severity,
    fixable: r.fixable,
    dependsOn: r.dependsOn ?? null,
    docs: `${MIGRATION_URL}#${r.docs}`,
    brokerError: r.brokerError ?? null,
  }));
  if (flag(args, 'format') === 'json') {
    io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
    return 0;
  }
  const c = color(useColor(io.stdout));
  const lines: string[] = [];
  for (const r of list) {
    lines.push(`${c.bold(r.id)}  ${c.dim(`[${severities(r.severity)}; fix: ${r.fixable}]`)}`);
    lines.push(`    ${r.title}`);
    if (r.dependsOn) lines.push(`    ${c.dim(`depends: ${r.dependsOn}`)}`);
    lines.push(`    ${c.dim(r.docs)}`);
  }
  lines.push('', EVERY_RULE);
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** "warning", or each run of targets that share a severity: "warning (4.0-4.2), error (4.3)". */
function severities(severity: RuleMeta['severity']): string {
  const runs: { from: string; to: string; severity: string }[] = [];
  for (const [target, s] of Object.entries(severity)) {
    const last = runs[runs.length - 1];
    if (last && last.severity === s) last.to = target;
    else runs.push({ from: target, to: target, severity: s });
  }
  if (runs.length === 1) return runs[0].severity;
  return runs.map((r) => `${r.severity} (${r.from === r.to ? r.from : `${r.from}-${r.to}`})`).join(', ');
}
