// module-alias's `_moduleAliases` (package.json): `require('@app/lib/x')` resolved to the folder an alias names.
import * as path from 'node:path';
import { isRepositoryRoot, resolveFileOrDirectory, type SourceHost } from './module-resolution';

/** Alias name to the absolute folder or file it stands for, from one package.json. */
type Aliases = ReadonlyMap<string, string>;

/** The `_moduleAliases` of the nearest package.json (up to the repository root), per directory. */
export class ModuleAliases {
  private readonly byDir = new Map<string, Aliases | undefined>();

  constructor(private readonly host: SourceHost) {}

  /** The file `specifier` stands for through an alias, or undefined when no alias names it. */
  resolve(fromFile: string, specifier: string): string | undefined {
    const aliases = this.nearest(path.dirname(fromFile));
    if (!aliases) return undefined;
    for (const [name, target] of aliases) {
      if (specifier !== name && !specifier.startsWith(`${name}/`)) continue;
      return resolveFileOrDirectory(this.host, path.join(target, specifier.slice(name.length)));
    }
    return undefined;
  }

  /** Whether an alias of the nearest package.json names the specifier (its first segments). */
  matches(fromFile: string, specifier: string): boolean {
    const aliases = this.nearest(path.dirname(fromFile));
    if (!aliases) return false;
    for (const name of aliases.keys()) if (specifier === name || specifier.startsWith(`${name}/`)) return true;
    return false;
  }

  /** Whether the project at `dir` declares aliases (its imports may lead anywhere in it). */
  declares(dir: string): boolean {
    return !!this.nearest(dir);
  }

  private nearest(dir: string): Aliases | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let found: Aliases | undefined;
    const text = this.host.read(path.join(dir, 'package.json'));
    if (text !== undefined) found = parseAliases(text, dir);
    else {
      const parent = path.dirname(dir);
      found = parent !== dir && !isRepositoryRoot(this.host, dir) ? this.nearest(parent) : undefined;
    }
    this.byDir.set(dir, found);
    return found;
  }
}

/** The aliases of one package.json text, longest name first (so `@app/lib` wins over `@app`). */
function parseAliases(text: string, dir: string): Aliases | undefined {
  if (!text.includes('"_moduleAliases"')) return undefined;
  let table: unknown;
  try {
    table = (JSON.parse(text) as { _moduleAliases?: unknown })._moduleAliases;
  } catch {
    return undefined;
  }
  if (!table || typeof table !== 'object') return undefined;
  const entries = Object.entries(table as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0].length > 0);
  if (!entries.length) return undefined;
  return new Map(entries.sort((a, b) => b[0].length - a[0].length).map(([name, target]) => [name, path.resolve(dir, target)]));
}
