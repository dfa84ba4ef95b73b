// The `rules` command: every rule with its severity per target, fixability and MIGRATION.md section.
import { ALL_RULES } from '../rules';
import { flag, parseArgs } from './args';
import { color, useColor, type Io } from './common';

export const MIGRATION_URL = 'MIGRATION.md';

export function rules(argv: string[], io: Io): number {
  const args = parseArgs(argv, { format: { value: true, choices: ['text', 'json'] }, help: {}, h: {} }, 'rules');
  const list = ALL_RULES.map((r) => ({
    id: r.meta.id,
    title: r.meta.title,
    appliesTo: r.meta.appliesTo,
    severity: r.meta.severity,
    fixable: r.meta.fixable,
    docs: `${MIGRATION_URL}#${r.meta.docs}`,
    brokerError: r.meta.brokerError ?? null,
  }));
  if (flag(args, 'format') === 'json') {
    io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
    return 0;
  }
  const c = color(useColor(io.stdout));
  const lines: string[] = [];
  for (const r of list) {
    const sev = r.severity['4.3'] === r.severity['4.0'] ? r.severity['4.3'] : `${r.severity['4.0']} (4.0-4.2), ${r.severity['4.3']} (4.3)`;
    lines.push(`${c.bold(r.id)}  ${c.dim(`[${sev}; fix: ${r.fixable}]`)}`);
    lines.push(`    ${r.title}`);
    lines.push(`    ${c.dim(r.docs)}`);
  }
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
