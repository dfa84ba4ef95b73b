// The versions bun's text lock file (bun.lock, JSONC, bun 1.1.39+) installs, nested and workspace copies included.
import type * as t from '@babel/types';
import type { DependencyPin } from '../model';
import { parseJson } from '../parse/json';
import type { LineIndex } from '../text';
import { jsonProps, jsonRoot } from './json-ast';
import { WATCHED_PACKAGES } from './manifests';
import { pinAt } from './pin';

const REQUIRE_SECTIONS = ['dependencies', 'optionalDependencies', 'peerDependencies'];
const WORKSPACE_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

interface BunPackage {
  /** The key: an install path, `name`, `parent/name` (nested) or `workspace-name/name` (a workspace's own copy). */
  key: string;
  name: string;
  /** The version and where it is written (inside the `name@version` string). */
  version?: { value: string; start: number; end: number };
  /** The ranges this package asks for, by name. */
  requires: Map<string, string>;
}

export interface BunLock {
  /** By path relative to the lock ('' for its own directory): the workspace's package name and the names it depends on. */
  workspaces: Map<string, { name?: string; dependencies: Set<string> }>;
  packages: Map<string, BunPackage>;
}

/**
 * Reads a bun.lock: `{ "lockfileVersion": 1, "workspaces": { "": {...}, "packages/a": {...} }, "packages": {
 * "amqplib": ["amqplib@0.10.9", "", { "dependencies": {...} }, "sha512-..."] } }`, JSONC (comments and trailing
 * commas allowed), parsed as a JavaScript expression so that offsets match the text. Undefined if it does not parse.
 */
export function readBunLock(text: string): BunLock | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok) return undefined;
  return bunLockOf(parsed.ast);
}

function bunLockOf(ast: t.File): BunLock {
  const root = jsonProps(jsonRoot(ast));
  const workspaces: BunLock['workspaces'] = new Map();
  for (const [rel, p] of jsonProps(root.get('workspaces')?.value)) {
    const props = jsonProps(p.value);
    const name = stringOf(props.get('name')?.value);
    workspaces.set(rel, { ...(name !== undefined ? { name } : {}), dependencies: new Set(WORKSPACE_SECTIONS.flatMap((s) => [...jsonProps(props.get(s)?.value).keys()])) });
  }
  const packages: BunLock['packages'] = new Map();
  for (const [key, p] of jsonProps(root.get('packages')?.value)) {
    if (p.value.type !== 'ArrayExpression') continue;
    const [ident, , info] = p.value.elements;
    if (ident?.type !== 'StringLiteral') continue;
    // `name@version` for a registry package; `name@workspace:path`, `name@file:...`, `name@github:...` otherwise.
    const at = ident.value.lastIndexOf('@');
    if (at <= 0) continue;
    const name = ident.value.slice(0, at);
    const spec = ident.value.slice(at + 1);
    const start = (ident.start ?? 0) + 1 + at + 1;
    const infoProps = info?.type === 'ObjectExpression' ? jsonProps(info) : new Map<string, t.ObjectProperty>();
    const requires = new Map<string, string>();
    for (const section of REQUIRE_SECTIONS) {
      for (const [dep, d] of jsonProps(infoProps.get(section)?.value)) {
        const range = stringOf(d.value);
        if (range !== undefined) requires.set(dep, range);
      }
    }
    // The version as written: the ident's text must hold it plainly (no escapes), as the offsets assume.
    const plain = /^\d/.test(spec) && ident.extra?.raw === JSON.stringify(ident.value);
    packages.set(key, { key, name, ...(plain ? { version: { value: spec, start, end: start + spec.length } } : {}), requires });
  }
  return { workspaces, packages };
}

function stringOf(node: t.Node | null | undefined): string | undefined {
  return node?.type === 'StringLiteral' ? node.value : undefined;
}

/**
 * The copy node resolves for `name` from a package installed at `key` (or from the workspace named so):
 * its own nested copy, then its parent's, up to the hoisted one. Scoped names are one path segment.
 */
export function nearestBunCopy(lock: BunLock, from: string | undefined, name: string): BunPackage | undefined {
  let segments = from ? splitKey(from) : [];
  for (;;) {
    const found = lock.packages.get([...segments, name].join('/'));
    if (found) return found;
    if (!segments.length) return undefined;
    segments = segments.slice(0, -1);
  }
}

/** `@acme/lib/@babel/core` → [`@acme/lib`, `@babel/core`]. */
function splitKey(key: string): string[] {
  const parts = key.split('/');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) out.push(parts[i].startsWith('@') && i + 1 < parts.length ? `${parts[i]}/${parts[++i]}` : parts[i]);
  return out;
}

/** The version bun.lock installs of `name` for the workspace at `rel`; undefined if the workspace is not the lock's. */
export function bunVersion(text: string, rel: string, name: string): { version?: string } | undefined {
  const lock = readBunLock(text);
  if (!lock) return undefined;
  const workspace = lock.workspaces.get(rel);
  if (!workspace) return rel ? undefined : { version: undefined };
  return { version: nearestBunCopy(lock, workspace.name, name)?.version?.value };
}

/** The copies of the watched packages that a bun.lock installs, with the packages that require each one. */
export function bunLockPins(file: string, text: string, lines: LineIndex): DependencyPin[] {
  const lock = readBunLock(text);
  if (!lock) return [];
  const out: DependencyPin[] = [];
  for (const pkg of lock.packages.values()) {
    if (!WATCHED_PACKAGES.includes(pkg.name) || !pkg.version) continue;
    const requiredBy: DependencyPin['requiredBy'] = [];
    for (const other of lock.packages.values()) {
      const range = other.requires.get(pkg.name);
      if (range !== undefined && nearestBunCopy(lock, other.key, pkg.name) === pkg) requiredBy.push({ name: other.name, range });
    }
    out.push(pinAt(file, lines, { manifest: 'bun.lock', name: pkg.name, start: pkg.version.start, end: pkg.version.end, callee: `packages["${pkg.key}"]`, version: pkg.version.value, requiredBy }));
  }
  return out;
}
