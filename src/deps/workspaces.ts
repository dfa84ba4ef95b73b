// Workspace membership: a package under a root whose package.json `workspaces` (npm, Yarn, Bun) or pnpm-workspace.yaml
// lists it is installed from the root, with the root's lock file; a lock file of its own is not used. pnpm with
// dedicated lock files (sharedWorkspaceLockfile: false) installs each member from its own pnpm-lock.yaml instead.
import * as fs from 'node:fs';
import * as path from 'node:path';

type Read = (absolute: string) => string | undefined;

const readText: Read = (absolute) => {
  try {
    return fs.readFileSync(absolute, 'utf8');
  } catch {
    return undefined;
  }
};

/** `packages/*`, `apps/**`, `tools/cli` as a test of a path relative to the root. */
function globTest(pattern: string): RegExp {
  const body = pattern
    .replace(/^\.\//, '')
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part === '**' ? '.*' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')))
    .join('/');
  return new RegExp(`^${body}$`);
}

/** The workspace patterns a root declares: package.json `workspaces` (an array, or `{ packages }`), pnpm-workspace.yaml `packages`. */
function patternsOf(dir: string, read: Read): string[] {
  const patterns: string[] = [];
  const manifest = read(path.join(dir, 'package.json'));
  if (manifest) {
    try {
      const w = (JSON.parse(manifest) as { workspaces?: unknown }).workspaces;
      const list = Array.isArray(w) ? w : w && typeof w === 'object' && Array.isArray((w as { packages?: unknown }).packages) ? (w as { packages: unknown[] }).packages : [];
      for (const p of list) if (typeof p === 'string' && !p.startsWith('!')) patterns.push(p);
    } catch {
      // Not JSON: no workspaces.
    }
  }
  const pnpm = read(path.join(dir, 'pnpm-workspace.yaml'));
  if (pnpm && !dedicatedPnpmLocks(dir, pnpm, read)) for (const m of pnpm.matchAll(/^\s*-\s*['"]?([^'"\n#]+?)['"]?\s*$/gm)) if (!m[1].startsWith('!')) patterns.push(m[1]);
  return patterns;
}

/** pnpm's `sharedWorkspaceLockfile: false` (pnpm-workspace.yaml) or `shared-workspace-lockfile=false` (the root's .npmrc): a lock file per member. */
function dedicatedPnpmLocks(dir: string, workspaceYaml: string, read: Read): boolean {
  if (/^\s*sharedWorkspaceLockfile\s*:\s*false\b/m.test(workspaceYaml)) return true;
  return /^\s*shared-workspace-lockfile\s*=\s*false\b/m.test(read(path.join(dir, '.npmrc')) ?? '');
}

/** The workspace root above `dir` (up to the repository root) that lists it as a member, if there is one. */
export function workspaceRootOf(dir: string, read: Read = readText): string | undefined {
  for (let root = path.dirname(dir); ; root = path.dirname(root)) {
    const rel = path.relative(root, dir).split(path.sep).join('/');
    if (patternsOf(root, read).some((p) => globTest(p).test(rel))) return root;
    if (path.dirname(root) === root || fs.existsSync(path.join(root, '.git'))) return undefined;
  }
}
