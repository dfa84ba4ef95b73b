// Where a rule's MIGRATION.md section can be read: its text, embedded, and a URL only where a public one is known.
import * as fs from 'node:fs';
import * as path from 'node:path';

// dist/bundle, dist/report or src/report: the package root is two levels up each time.
const ROOT = path.join(__dirname, '..', '..');

/** The variable that names where MIGRATION.md is published (an http(s) URL of the file), for a mirror or a fork. */
export const DOCS_URL_VARIABLE = 'RABBITMQ4_CODEMOD_DOCS_URL';

interface Manifest {
  version: string;
  repository?: string | { url?: string };
}

/**
 * The public repository's web address, from package.json's `repository` (the one place it is written), if it
 * names a GitHub repository: `https://github.com/owner/name`. Undefined when nothing says it.
 */
export function publicRepository(manifest: Manifest = packageManifest()): string | undefined {
  const repo = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const gh = repo && /^(?:git\+)?(?:https?:\/\/|git:\/\/|ssh:\/\/git@|git@)?github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(repo.replace(/^github:/, 'github.com/'));
  return gh ? `https://github.com/${gh[1]}` : undefined;
}

/**
 * MIGRATION.md as published: the setting (RABBITMQ4_CODEMOD_DOCS_URL) if given, else the file at this
 * version's tag in the public repository. Undefined when neither is known: then no report links anywhere
 * (a local file:// path or a relative link is broken where reports are read: code scanning, a pull request).
 */
export function publicMigrationUrl(env: NodeJS.ProcessEnv = process.env, manifest: Manifest = packageManifest()): string | undefined {
  const setting = env[DOCS_URL_VARIABLE]?.trim();
  if (setting && /^https?:\/\/[^\s#]+$/.test(setting)) return setting;
  const repo = publicRepository(manifest);
  return repo ? `${repo}/blob/v${manifest.version}/MIGRATION.md` : undefined;
}

/** The URL of a rule's section, when MIGRATION.md is published. */
export function migrationUrl(anchor: string): string | undefined {
  const base = publicMigrationUrl();
  return base && `${base}#${anchor}`;
}

/** A Markdown table cell for a rule's section: a link where MIGRATION.md is published, else its name as code. */
export function migrationCell(anchor: string): string {
  const url = migrationUrl(anchor);
  return url ? `[MIGRATION.md#${anchor}](${url})` : `\`MIGRATION.md#${anchor}\``;
}

/** Said under a table of sections when they have no links: where the reader finds them. */
export const MIGRATION_WITHOUT_LINKS = 'The sections are in MIGRATION.md of the rabbitmq4-codemod package (`node_modules/rabbitmq4-codemod/MIGRATION.md` where it is installed).';

/** A rule's section of MIGRATION.md (its heading and everything up to the next heading of its level), for help text. */
export function migrationSection(anchor: string): { markdown: string; text: string } | undefined {
  const body = sections().get(anchor);
  if (body === undefined) return undefined;
  const base = publicMigrationUrl();
  // Links inside the section: to the published file where there is one, else plain words (a relative link is broken in an alert).
  const markdown = body.replace(LINK, (whole, text: string, target: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return whole;
    return base ? `[${text}](${new URL(target.startsWith('#') ? `${base}${target}` : target, base).href})` : text;
  });
  const text = markdown.replace(LINK, (_, label: string, target: string) => (/^https?:/.test(target) ? `${label} (${target})` : label));
  return { markdown, text };
}

/** `[text](target)`, not an image. */
const LINK = /(?<!!)\[([^\]\n]+)\]\(([^)\s]+)\)/g;

let cache: Map<string, string> | undefined;

/** Every heading's section of MIGRATION.md by its GitHub anchor; headings inside code blocks are not headings. */
function sections(): Map<string, string> {
  if (cache) return cache;
  cache = new Map();
  let text: string;
  try {
    text = fs.readFileSync(path.join(ROOT, 'MIGRATION.md'), 'utf8');
  } catch {
    return cache;
  }
  const lines = text.split(/\r?\n/);
  const headings: { at: number; level: number; anchor: string }[] = [];
  let fence: string | undefined;
  lines.forEach((line, at) => {
    const f = /^\s*(```|~~~)/.exec(line);
    if (f) fence = fence === undefined ? f[1] : fence === f[1] ? undefined : fence;
    const h = fence === undefined && !f ? /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (h) headings.push({ at, level: h[1].length, anchor: githubAnchor(h[2]) });
  });
  headings.forEach((h, i) => {
    const next = headings.slice(i + 1).find((o) => o.level <= h.level);
    if (!cache!.has(h.anchor)) cache!.set(h.anchor, lines.slice(h.at, next ? next.at : lines.length).join('\n').trim());
  });
  return cache;
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function githubAnchor(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function packageManifest(): Manifest {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../../package.json') as Manifest;
}
