// What the package a file belongs to is: a library others install (its exports are its API), and how it depends on a client.
import * as path from 'node:path';
import type { FileContext } from './file-context';

export interface PackageRole {
  /** The package's directory (where its package.json is). */
  dir: string;
  /** The modules its manifest names as what others load (`main`, `module`, `types`, `exports`), relative to `dir`. */
  entries: string[];
  /** The package is a library: its manifest says how it is consumed (`exports`, `types`, `module`, `files`) or it takes a client as a peer. */
  library: boolean;
  /** Whether its manifest names `client` in `dependencies`/`optionalDependencies` (runtime), only in `peerDependencies`/`devDependencies`, or not at all. */
  depends(client: string): 'runtime' | 'peer-or-dev' | 'none';
}

const LIBRARY_FIELDS = ['exports', 'types', 'typings', 'module', 'files'];
const ENTRY_FIELDS = ['main', 'module', 'types', 'typings', 'exports'];
const RUNTIME = ['dependencies', 'optionalDependencies'];
const OTHER = ['peerDependencies', 'devDependencies'];

const cache = new WeakMap<object, Map<string, PackageRole | undefined>>();

/** The role of the package of the nearest package.json above the file (undefined: none found, or it does not parse). */
export function packageRoleOf(ctx: FileContext): PackageRole | undefined {
  const project = ctx.resolver.project;
  const absolute = ctx.resolver.absolute;
  if (!project || !absolute) return undefined;
  let byDir = cache.get(project);
  if (!byDir) cache.set(project, (byDir = new Map()));
  const lookup = (dir: string): PackageRole | undefined => {
    if (byDir!.has(dir)) return byDir!.get(dir);
    const text = project.host.read(path.join(dir, 'package.json'));
    const parent = path.dirname(dir);
    const role = text !== undefined ? roleOf(text, dir) : parent !== dir ? lookup(parent) : undefined;
    byDir!.set(dir, role);
    return role;
  };
  return lookup(path.dirname(absolute));
}

function roleOf(text: string, dir: string): PackageRole | undefined {
  let manifest: Record<string, unknown>;
  try {
    const json: unknown = JSON.parse(text);
    if (!json || typeof json !== 'object') return undefined;
    manifest = json as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const lists = (sections: string[], name: string) => sections.some((s) => { const v = manifest[s]; return !!v && typeof v === 'object' && Object.hasOwn(v, name); });
  const peers = manifest.peerDependencies && typeof manifest.peerDependencies === 'object' ? Object.keys(manifest.peerDependencies) : [];
  return {
    dir,
    entries: [...new Set(ENTRY_FIELDS.flatMap((f) => pathsIn(manifest[f])))],
    library: LIBRARY_FIELDS.some((f) => manifest[f] !== undefined) || peers.length > 0,
    depends: (client) => (lists(RUNTIME, client) ? 'runtime' : lists(OTHER, client) ? 'peer-or-dev' : 'none'),
  };
}

/** The relative paths a manifest field names (`exports` maps conditions and subpaths to them). */
function pathsIn(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return value.startsWith('.') || !value.includes(':') ? [value] : [];
  if (!value || typeof value !== 'object' || depth > 4) return [];
  return Object.values(value).flatMap((v) => pathsIn(v, depth + 1));
}
