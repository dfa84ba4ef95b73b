// Ignore comments that suppress nothing, reported as unused-suppression.
import type { Finding } from '../model';
import type { ParsedFile } from '../parse/ast';
import { ALL_RULES } from '../rules';
import { ALL_TARGETS, type RuleMeta } from '../rules/types';
import { ruleEnabled, type AnalyzeOptions } from './options';
import type { Suppressions } from './suppressions';

/**
 * Not a RabbitMQ rule (so it is not in ALL_RULES, the `rules` listing or the rule index): a finding
 * about the tool's own ignore comments. It has a meta so that reports, SARIF and the config file can
 * name it like any rule.
 */
export const UNUSED_SUPPRESSION: Omit<RuleMeta, 'appliesTo'> = {
  id: 'unused-suppression',
  title: 'A rabbitmq4-codemod-ignore comment that no longer suppresses anything',
  severity: ALL_TARGETS('warning'),
  fixable: 'none',
  docs: 'unused-suppression',
};

const isRule = (id: string) => ALL_RULES.some((r) => r.meta.id === id);

/**
 * The ignore comments of one analysed file that matched no finding of a rule that ran. A comment
 * naming a rule that did not run (--rules, or off in the config) cannot be judged and is left alone;
 * one naming no rule at all (a typo) is always reported.
 */
export function unusedSuppressions(file: ParsedFile, suppressions: Suppressions, options: AnalyzeOptions): Finding[] {
  if (!ruleEnabled(options, UNUSED_SUPPRESSION.id)) return [];
  const out: Finding[] = [];
  for (const c of suppressions.comments()) {
    let message: string | undefined;
    if (c.rules === 'all') {
      const everyRuleRan = !options.rules && !options.disabledRules?.size;
      if (everyRuleRan && c.used.size === 0) message = 'This rabbitmq4-codemod-ignore comment suppresses nothing: no rule reports anything on the next line.';
    } else {
      const unknown = [...c.rules].filter((id) => !isRule(id));
      const unused = [...c.rules].filter((id) => isRule(id) && ruleEnabled(options, id) && !c.used.has(id));
      const parts: string[] = [];
      if (unknown.length) parts.push(`${list(unknown)} ${unknown.length === 1 ? 'is' : 'are'} not a rule id (see rabbitmq4-codemod rules)`);
      if (unused.length) parts.push(`${list(unused)} ${unused.length === 1 ? 'reports' : 'report'} nothing on the next line any more`);
      if (parts.length) message = `This rabbitmq4-codemod-ignore comment no longer matches anything: ${parts.join('; ')}.`;
    }
    if (!message) continue;
    const start = file.lines.position(c.start);
    const end = file.lines.position(c.end);
    out.push({
      ruleId: UNUSED_SUPPRESSION.id,
      severity: UNUSED_SUPPRESSION.severity[options.target],
      file: file.path,
      start: c.start,
      end: c.end,
      anchor: c.start,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      message,
      client: 'rabbitmq4-codemod',
      fix: { kind: 'none', description: 'remove the comment, or the rule ids in it that no longer match' },
    });
  }
  return out;
}

const list = (ids: string[]) => ids.map((id) => `'${id}'`).join(', ');
