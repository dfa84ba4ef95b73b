// The link to a rule's section of the package's MIGRATION.md.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UNUSED_SUPPRESSION } from '../engine/unused-suppressions';
import { ruleById } from '../rules';
import type { RuleMeta } from '../rules/types';

// dist/lsp or src/lsp: the package root is two levels up either way.
const MIGRATION = pathToFileURL(path.join(__dirname, '..', '..', 'MIGRATION.md')).href;

/** A finding's rule: a RabbitMQ rule, or the tool's own check of its ignore comments. */
export function ruleMetaOf(ruleId: string): Pick<RuleMeta, 'id' | 'title' | 'docs' | 'brokerError'> | undefined {
  return ruleById(ruleId)?.meta ?? (ruleId === UNUSED_SUPPRESSION.id ? UNUSED_SUPPRESSION : undefined);
}

/** The rule's section of the package's MIGRATION.md, as a file:// URL. */
export function ruleDocsUrl(ruleId: string): string {
  return `${MIGRATION}#${ruleMetaOf(ruleId)?.docs ?? ruleId}`;
}
