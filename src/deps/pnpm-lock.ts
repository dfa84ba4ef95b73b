// The versions pnpm-lock.yaml (v5, v6, v9) installs.
import type { DependencyPin } from '../model';
import type { LineIndex } from '../text';
import { isBlank, linesOf, unquote } from './lines';
import { WATCHED_PACKAGES } from './manifests';
import { pinAt } from './pin';

interface PnpmPackage {
  name: string;
  version: string;
  /** Offsets of the version inside the key. */
  start: number;
  end: number;
  key: string;
  section: string;
  /** The versions this package installs of its dependencies, by name. */
  dependencies: Map<string, string>;
}

/**
 * `/amqplib/0.8.0` (v5), `/amqplib@0.8.0` (v6), `amqplib@0.8.0` (v9), each possibly followed by
 * peer suffixes (`_x@1.0.0`, `(x@1.0.0)`).
 */
function packageKey(key: string): { name: string; version: string; versionAt: number } | undefined {
  const m = /^(\/?)((?:@[^/@]+\/)?[^/@()]+)[/@](\d[^_()\s]*)/.exec(key);
  return m ? { name: m[2], version: m[3], versionAt: m[1].length + m[2].length + 1 } : undefined;
}

/** Reads the `packages:` and `snapshots:` sections of a pnpm-lock.yaml (lockfile v5, v6 and v9). */
export function readPnpmLock(text: string): PnpmPackage[] {
  const out: PnpmPackage[] = [];
  let section: string | undefined;
  let current: PnpmPackage | undefined;
  let inDependencies = false;
  for (const line of linesOf(text)) {
    if (isBlank(line)) continue;
    if (line.indent === 0) {
      section = line.content.replace(/:.*$/, '');
      current = undefined;
      continue;
    }
    if (section !== 'packages' && section !== 'snapshots') continue;
    if (line.indent === 2 && line.content.endsWith(':')) {
      const raw = line.content.slice(0, -1);
      const key = unquote(raw);
      const parsed = packageKey(key);
      const keyStart = line.start + line.indent + (raw.length - key.length) / 2;
      current = parsed ? { ...parsed, start: keyStart + parsed.versionAt, end: keyStart + parsed.versionAt + parsed.version.length, key, section, dependencies: new Map() } : undefined;
      if (current) out.push(current);
      inDependencies = false;
    } else if (current && line.indent === 4) {
      inDependencies = /^(dependencies|optionalDependencies):\s*$/.test(line.content);
    } else if (current && inDependencies && line.indent === 6) {
      const m = /^("?)((?:@[^/\s]+\/)?[^\s:"]+)\1:\s*'?"?([^\s'"(_]+)/.exec(line.content);
      if (m) current.dependencies.set(m[2], m[3]);
    }
  }
  return out;
}

/** The versions of the watched packages a pnpm-lock.yaml installs, with the packages that depend on each (pnpm records their versions, not their ranges). */
export function pnpmLockPins(file: string, text: string, lines: LineIndex): DependencyPin[] {
  const entries = readPnpmLock(text);
  const out: DependencyPin[] = [];
  for (const p of entries) {
    if (p.section !== 'packages' || !WATCHED_PACKAGES.includes(p.name)) continue;
    const requiredBy = entries.filter((r) => r.dependencies.get(p.name) === p.version).map((r) => ({ name: r.name }));
    const unique = requiredBy.filter((r, i) => requiredBy.findIndex((s) => s.name === r.name) === i);
    out.push(pinAt(file, lines, { manifest: 'pnpm-lock.yaml', name: p.name, start: p.start, end: p.end, callee: p.key, version: p.version, requiredBy: unique }));
  }
  return out;
}
