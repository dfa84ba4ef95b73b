// The packages a repository holds itself (a monorepo's workspace members, by their manifests' names), and where an
// import of one leads: its source entry (`src/index.ts` when the manifest points at build output not in the repository).
import * as path from 'node:path';
import { resolveFileOrDirectory, type SourceHost } from './module-resolution';

interface Member {
  dir: string;
  manifest: Record<string, unknown>;
}

/** `@scope/name/sub` → name `@scope/name`, sub `sub`; `name` → `name`, ``. */
function split(specifier: string): { name: string; sub: string } {
  const parts = specifier.split('/');
  const n = specifier.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, n).join('/'), sub: parts.slice(n).join('/') };
}

/** The manifest's entry for `.`: `exports` (a string, or its import/require/default condition), `module`, `main`. */
function entries(manifest: Record<string, unknown>): string[] {
  const out: string[] = [];
  const pick = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const k of ['.', 'source', 'import', 'require', 'default']) if (k in o) pick(o[k]);
    }
  };
  pick(manifest.source);
  pick(manifest.exports);
  pick(manifest.module);
  pick(manifest.main);
  return out;
}

const BUILD_DIRS = /^(?:\.\/)?(?:lib|dist|build|out)\//;

export class WorkspacePackages {
  private members?: Map<string, Member>;

  constructor(
    private readonly host: SourceHost,
    /** The project's package.json files. */
    private readonly manifests: () => string[],
  ) {}

  /** After manifests change. */
  drop(): void {
    this.members = undefined;
  }

  /** Whether the specifier names a package of the repository. */
  has(specifier: string): boolean {
    return this.byName().has(split(specifier).name);
  }

  /** The source file an import of one of the repository's packages leads to (undefined: not one, or no source found). */
  resolve(specifier: string): string | undefined {
    const { name, sub } = split(specifier);
    const member = this.byName().get(name);
    if (!member) return undefined;
    const source = (p: string): string | undefined => {
      const found = resolveFileOrDirectory(this.host, p);
      return found && !/\.d\.[mc]?ts$/.test(found) && !found.includes(`${path.sep}node_modules${path.sep}`) ? found : undefined;
    };
    const candidates = sub ? [sub] : [...entries(member.manifest), 'src/index', 'index'];
    for (const c of candidates) {
      // Build output the repository does not hold (`lib/index.cjs`): the source it is built from (`src/index.ts`).
      const found = source(path.join(member.dir, c)) ?? (BUILD_DIRS.test(c) ? source(path.join(member.dir, 'src', c.replace(BUILD_DIRS, ''))) : undefined) ?? (sub ? source(path.join(member.dir, 'src', c)) : undefined);
      if (found) return found;
    }
    return undefined;
  }

  private byName(): Map<string, Member> {
    if (this.members) return this.members;
    const out = new Map<string, Member>();
    for (const file of this.manifests()) {
      if (path.basename(file) !== 'package.json') continue;
      try {
        const manifest = JSON.parse(this.host.read(file) ?? '') as Record<string, unknown>;
        // Two manifests of one name (a copy, a fixture): neither is the one an import means.
        if (typeof manifest.name === 'string' && manifest.name) {
          if (out.has(manifest.name)) out.set(manifest.name, { dir: '', manifest: {} });
          else out.set(manifest.name, { dir: path.dirname(file), manifest });
        }
      } catch {
        // A manifest that does not parse names no package.
      }
    }
    for (const [name, m] of out) if (!m.dir) out.delete(name);
    return (this.members = out);
  }
}
