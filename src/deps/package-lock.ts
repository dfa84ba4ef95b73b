// The versions package-lock.json (v1 to v3) installs, nested copies included.
import type * as t from '@babel/types';
import type { DependencyPin } from '../model';
import type { LineIndex } from '../text';
import { jsonProps, jsonRoot, jsonString } from './json-ast';
import { WATCHED_PACKAGES } from './manifests';
import { pinAt } from './pin';

const REQUIRE_SECTIONS = ['dependencies', 'optionalDependencies', 'peerDependencies'];
const NODE_MODULES = 'node_modules/';

interface Entry {
  /** The install path (`node_modules/amqp-ts/node_modules/amqplib`), or a v1 chain with the same shape. */
  path: string;
  name: string;
  version?: { value: string; node: t.StringLiteral };
  /** The ranges this package asks for, by name. */
  requires: Map<string, string>;
}

/** The copies of the watched packages that a package-lock.json (v1, v2 or v3) installs, nested ones included. */
export function packageLockPins(file: string, ast: t.File, lines: LineIndex): DependencyPin[] {
  const root = jsonProps(jsonRoot(ast));
  const entries = root.has('packages') ? v2Entries(root.get('packages')!.value) : v1Entries(root.get('dependencies')?.value, '');
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const out: DependencyPin[] = [];
  for (const e of entries) {
    if (!WATCHED_PACKAGES.includes(e.name) || !e.version) continue;
    const start = (e.version.node.start ?? 0) + 1;
    out.push(
      pinAt(file, lines, {
        manifest: 'package-lock.json',
        name: e.name,
        start,
        end: (e.version.node.end ?? 0) - 1,
        callee: e.path,
        version: e.version.value,
        requiredBy: requirers(e, entries, byPath),
      }),
    );
  }
  return out;
}

/** The directory a package's own dependencies are installed in, and the one it was found from. */
const ownDir = (path: string): string => (path ? `${path}/` : '');
const parentOf = (path: string): string => {
  const i = path.lastIndexOf(`/${NODE_MODULES}`);
  return i < 0 ? '' : path.slice(0, i);
};

/**
 * The packages that resolve `e` when they require its name: node looks in each package's own
 * node_modules, then upwards, so a requirer is any package whose nearest copy of the name is `e`.
 */
function requirers(e: Entry, entries: Entry[], byPath: Map<string, Entry>): DependencyPin['requiredBy'] {
  const out: DependencyPin['requiredBy'] = [];
  for (const r of entries) {
    const range = r.requires.get(e.name);
    if (range === undefined || !r.path) continue;
    if (nearestCopy(r.path, e.name, byPath) === e.path) out.push({ name: r.name, range });
  }
  return out;
}

function nearestCopy(from: string, name: string, byPath: Map<string, Entry>): string | undefined {
  let dir = from;
  while (true) {
    const candidate = `${ownDir(dir)}${NODE_MODULES}${name}`;
    if (byPath.has(candidate)) return candidate;
    if (!dir) return undefined;
    dir = parentOf(dir);
  }
}

function requiresOf(props: Map<string, t.ObjectProperty>, sections: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const section of sections) {
    for (const [name, p] of jsonProps(props.get(section)?.value)) {
      const range = jsonString(p);
      if (range) out.set(name, range.value);
    }
  }
  return out;
}

/** lockfileVersion 2 and 3: `packages` keyed by install path. */
function v2Entries(node: t.Node): Entry[] {
  const out: Entry[] = [];
  for (const [path, p] of jsonProps(node)) {
    const props = jsonProps(p.value);
    const i = path.lastIndexOf(NODE_MODULES);
    const name = jsonString(props.get('name'))?.value ?? (i < 0 ? path : path.slice(i + NODE_MODULES.length));
    out.push({ path, name, version: jsonString(props.get('version')), requires: requiresOf(props, REQUIRE_SECTIONS) });
  }
  return out;
}

/** lockfileVersion 1: `dependencies` nested by the same tree as node_modules, with `requires`. */
function v1Entries(node: t.Node | undefined, parent: string): Entry[] {
  const out: Entry[] = [];
  for (const [name, p] of jsonProps(node)) {
    const props = jsonProps(p.value);
    const path = `${ownDir(parent)}${NODE_MODULES}${name}`;
    out.push({ path, name, version: jsonString(props.get('version')), requires: requiresOf(props, ['requires']) });
    out.push(...v1Entries(props.get('dependencies')?.value, path));
  }
  return out;
}
