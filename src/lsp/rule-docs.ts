// The link to a rule's section of the package's MIGRATION.md.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleById } from '../rules';

// dist/lsp or src/lsp: the package root is two levels up either way.
const MIGRATION = pathToFileURL(path.join(__dirname, '..', '..', 'MIGRATION.md')).href;

/** The rule's section of the package's MIGRATION.md, as a file:// URL. */
export function ruleDocsUrl(ruleId: string): string {
  return `${MIGRATION}#${ruleById(ruleId)?.meta.docs ?? ruleId}`;
}
