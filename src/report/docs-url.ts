// Where MIGRATION.md can be read, as an absolute URL.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

// dist/report or src/report: the package root is two levels up either way.
const ROOT = path.join(__dirname, '..', '..');

/**
 * Where MIGRATION.md can be read, as an absolute URL (SARIF's helpUri must be one): the
 * repository's copy when package.json names a GitHub repository or a homepage, else the installed
 * package's own file (the language server links there too).
 */
export function migrationUrl(anchor: string): string {
  return `${migrationBase()}#${anchor}`;
}

let base: string | undefined;

function migrationBase(): string {
  if (base) return base;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pkg = require('../../package.json') as { repository?: string | { url?: string }; homepage?: string };
  const repo = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const gh = repo && /github\.com[/:]([^/]+\/[^/#]+?)(?:\.git)?$/.exec(repo);
  if (gh) base = `https://github.com/${gh[1]}/blob/HEAD/MIGRATION.md`;
  else if (pkg.homepage && /^https?:\/\//.test(pkg.homepage)) base = `${pkg.homepage.replace(/#.*$/, '').replace(/\/$/, '')}/MIGRATION.md`;
  else base = pathToFileURL(path.join(ROOT, 'MIGRATION.md')).href;
  return base;
}

/** A link for text a human reads in the repository or a pull request: relative unless on the web. */
export function migrationLink(anchor: string): string {
  const url = migrationUrl(anchor);
  return url.startsWith('file:') ? `MIGRATION.md#${anchor}` : url;
}
