// The version a package.json's lock file installs for one of its dependencies: the lock beside it, or its workspace root's.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DependencyManifest } from '../model';
import { isBlank, linesOf, unquote } from './lines';
import { readYarnLock } from './yarn-lock';
import { bunVersion } from './bun-lock';
import { workspaceRootOf } from './workspaces';

/** The lock file that decides a package's installs, and the version it installs (undefined: it does not list the package). */
export interface Locked {
  /** Absolute path of the lock file. */
  absolute: string;
  manifest: DependencyManifest;
  version?: string;
  /** Why the lock file could not be read (bun.lockb is binary): it may pin any version. */
  unread?: string;
}

const LOCK_FILES: [string, DependencyManifest][] = [
  ['package-lock.json', 'package-lock.json'],
  ['npm-shrinkwrap.json', 'package-lock.json'],
  ['yarn.lock', 'yarn.lock'],
  ['pnpm-lock.yaml', 'pnpm-lock.yaml'],
  ['bun.lock', 'bun.lock'],
  ['bun.lockb', 'bun.lockb'],
];

/** bun's binary lock file: found, never read (its format is bun's own and changes between releases). */
export const BUN_LOCKB_UNREAD = 'it is binary';

type Read = (absolute: string) => string | undefined;

const readDisk: Read = (absolute) => {
  try {
    // Only whether the binary lock exists matters: none of its bytes are decoded.
    if (absolute.endsWith('.lockb')) return fs.statSync(absolute).isFile() ? '' : undefined;
    return fs.readFileSync(absolute, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The lock file that installs the dependencies of the package.json at `packageJson`, and the version it
 * installs of `name` (asked for as `range`): a lock file beside it, else the nearest one above it (up to the
 * repository root) that lists the package as one of its workspaces. Undefined when no lock file decides.
 */
export function lockedVersion(packageJson: string, name: string, range: string, read: Read = readDisk): Locked | undefined {
  const home = path.dirname(packageJson);
  // A workspace member installs from its root: a lock file of its own is not used (and may be stale).
  const root = workspaceRootOf(home, read);
  for (let dir = root ?? home; ; ) {
    const rel = path.relative(dir, home).split(path.sep).join('/');
    for (const [file, manifest] of LOCK_FILES) {
      const absolute = path.join(dir, file);
      const text = read(absolute);
      if (text === undefined) continue;
      const found = versionIn(manifest, text, rel, name, range, () => read(path.join(dir, 'package.json')));
      if (found) return { absolute, manifest, version: found.version, ...(found.unread ? { unread: found.unread } : {}) };
    }
    const parent = path.dirname(dir);
    if (parent === dir || fs.existsSync(path.join(dir, '.git'))) return undefined;
    dir = parent;
  }
}

/** The version a lock installs for the importer at `rel` ('' for the lock's own directory); undefined if the importer is not the lock's. */
function versionIn(manifest: DependencyManifest, text: string, rel: string, name: string, range: string, rootPackageJson: () => string | undefined): { version?: string; unread?: string } | undefined {
  if (manifest === 'package-lock.json') return npmVersion(text, rel, name);
  if (manifest === 'pnpm-lock.yaml') return pnpmVersion(text, rel, name);
  if (manifest === 'bun.lock') return bunVersion(text, rel, name);
  // yarn.lock and bun.lockb (unread) name no importers: a lock above the package decides only for a workspace root.
  if (rel && !/"workspaces"\s*:/.test(rootPackageJson() ?? '')) return undefined;
  if (manifest === 'bun.lockb') return { unread: BUN_LOCKB_UNREAD };
  const block = readYarnLock(text).find((b) => b.descriptors.has(`${name}@${range}`));
  return { version: block?.version?.value };
}

/** package-lock.json v1-v3: the copy node resolves from the importer (its own node_modules, then the root's). */
function npmVersion(text: string, rel: string, name: string): { version?: string } | undefined {
  let lock: { packages?: Record<string, { version?: string }>; dependencies?: Record<string, { version?: string }> };
  try {
    lock = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (lock.packages) {
    if (rel && !Object.hasOwn(lock.packages, rel)) return undefined;
    const entry = (rel && lock.packages[`${rel}/node_modules/${name}`]) || lock.packages[`node_modules/${name}`];
    return { version: entry?.version };
  }
  if (rel) return undefined;
  return { version: lock.dependencies?.[name]?.version };
}

/**
 * pnpm-lock.yaml: `importers: { <rel or .>: { dependencies: { name: { version } } } }` (v6, v9; v5.4 writes
 * `name: version`), or top-level `dependencies:` for a single project (v5, v6).
 */
function pnpmVersion(text: string, rel: string, name: string): { version?: string } | undefined {
  const importer = rel || '.';
  const versions = pnpmImporters(text);
  const deps = versions.get(importer);
  if (!deps) return rel ? undefined : { version: undefined };
  return { version: deps.get(name) };
}

const SECTIONS = /^(dependencies|devDependencies|optionalDependencies):\s*$/;

/** Every importer's direct dependencies and the versions installed, from a pnpm-lock.yaml. */
export function pnpmImporters(text: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let top: string | undefined;
  let importer: string | undefined;
  // Indentation of the dependency names in the current section, and the name whose `version:` is awaited.
  let nameIndent = -1;
  let pending: string | undefined;
  const record = (dep: string, version: string) => {
    const v = version.replace(/[(_].*$/, '');
    if (!/^\d/.test(v)) return;
    let m = out.get(importer!);
    if (!m) out.set(importer!, (m = new Map()));
    m.set(dep, v);
  };
  for (const line of linesOf(text)) {
    if (isBlank(line)) continue;
    const content = line.content;
    if (line.indent === 0) {
      top = content.replace(/:.*$/, '');
      importer = SECTIONS.test(content) ? '.' : undefined;
      nameIndent = SECTIONS.test(content) ? 2 : -1;
      pending = undefined;
      continue;
    }
    if (top === 'importers' && line.indent === 2) {
      importer = unquote(content.replace(/:\s*$/, ''));
      nameIndent = -1;
      continue;
    }
    if (top === 'importers' && line.indent === 4) {
      nameIndent = SECTIONS.test(content) ? 6 : -1;
      continue;
    }
    if (!importer || nameIndent < 0) continue;
    if (line.indent === nameIndent) {
      const m = /^("?'?)((?:@[^/\s'"]+\/)?[^\s:'"]+)\1:\s*(.*)$/.exec(content);
      pending = undefined;
      if (!m) continue;
      if (m[3]) record(m[2], unquote(m[3].trim()));
      else pending = m[2];
    } else if (pending && line.indent === nameIndent + 2) {
      const m = /^version:\s*(.+)$/.exec(content);
      if (m) record(pending, unquote(m[1].trim()));
    }
  }
  return out;
}
