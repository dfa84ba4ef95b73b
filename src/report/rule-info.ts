// What a report says about each rule.
import type { Severity, TargetVersion } from '../model';
import { ALL_RULES } from '../rules';
import { UNUSED_SUPPRESSION } from '../engine/unused-suppressions';

/** What a report says about a rule: the parts of a rule's meta that every format needs. */
export interface RuleInfo {
  id: string;
  title: string;
  severity: Record<TargetVersion, Severity>;
  fixable: 'rewrite' | 'annotate' | 'none';
  /** The MIGRATION.md anchor. */
  docs: string;
  brokerError?: string;
}

/** The rules a scan can report: every rule, and the tool's own unused-suppression. */
export const SCAN_RULES: readonly RuleInfo[] = [...ALL_RULES.map((r) => r.meta), UNUSED_SUPPRESSION];
