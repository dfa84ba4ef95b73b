// Bare specifiers that lead into the project: module aliases (package.json `_moduleAliases`), then tsconfig paths.
import * as path from 'node:path';
import { ModuleAliases } from './module-aliases';
import { resolveNonRelative, TsconfigCache, type SourceHost } from './module-resolution';

/** Resolves `import … from '@app/x'` to a project file; undefined for a package from node_modules. */
export type BareResolver = (fromAbsolute: string, specifier: string) => string | undefined;

export function bareResolver(host: SourceHost): BareResolver {
  const aliases = new ModuleAliases(host);
  const configs = new TsconfigCache(host);
  // Resolution depends on the importing directory only; a project imports the same packages from many files.
  const memo = new Map<string, string | undefined>();
  return (from, specifier) => {
    const key = `${path.dirname(from)}\0${specifier}`;
    if (!memo.has(key)) memo.set(key, aliases.resolve(from, specifier) ?? resolveNonRelative(host, from, specifier, configs));
    return memo.get(key);
  };
}
