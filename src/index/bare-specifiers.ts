// Bare specifiers that lead into the project: module aliases (package.json `_moduleAliases`), then tsconfig paths.
import * as path from 'node:path';
import { ModuleAliases } from './module-aliases';
import { resolveNonRelative, TsconfigCache, type SourceHost } from './module-resolution';
import { TsconfigMappings } from './tsconfig-mapping';

/** Resolves `import … from '@app/x'` to a project file; undefined for a package from node_modules. */
export type BareResolver = (fromAbsolute: string, specifier: string) => string | undefined;

/**
 * Bare specifiers of one project: which may lead into it (a cheap test from the aliases' names and the
 * tsconfig's `paths` patterns and `baseUrl`, so that `lodash` is never resolved), and where they lead.
 */
export class BareSpecifiers {
  private readonly aliases: ModuleAliases;
  private readonly configs: TsconfigCache;
  private readonly mappings: TsconfigMappings;
  // Resolution depends on the importing directory only; a project imports the same packages from many files.
  private readonly memo = new Map<string, string | undefined>();

  constructor(private readonly host: SourceHost & { isDirectory?(absolute: string): boolean }) {
    this.aliases = new ModuleAliases(host);
    this.configs = new TsconfigCache(host);
    this.mappings = new TsconfigMappings(host);
  }

  resolve: BareResolver = (from, specifier) => {
    const key = `${path.dirname(from)}\0${specifier}`;
    if (!this.memo.has(key)) this.memo.set(key, this.aliases.resolve(from, specifier) ?? (this.mapped(from, specifier) ? resolveNonRelative(this.host, from, specifier, this.configs) : undefined));
    return this.memo.get(key);
  };

  /** False when no alias and no tsconfig `paths`/`baseUrl` can map the specifier to a project file. */
  mayLeadIntoProject(from: string, specifier: string): boolean {
    const dir = path.dirname(from);
    let maps = this.mapsByDir.get(dir);
    if (maps === undefined) this.mapsByDir.set(dir, (maps = this.aliases.declares(dir) || !!this.mappings.of(from)));
    return maps && (this.aliases.matches(from, specifier) || this.mapped(from, specifier));
  }

  /** Per folder: whether any alias or tsconfig mapping governs it (most folders of most projects: none). */
  private readonly mapsByDir = new Map<string, boolean>();

  /** Whether the tsconfig that governs `from` can map the specifier (a `paths` pattern, or a name under `baseUrl`). */
  private mapped(from: string, specifier: string): boolean {
    const mapping = this.mappings.of(from);
    if (!mapping) return false;
    for (const pattern of mapping.patterns) {
      const star = pattern.indexOf('*');
      if (star < 0 ? specifier === pattern : specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1))) return true;
    }
    if (!mapping.baseUrl) return false;
    // Under baseUrl: only a name the folder holds (a file or a folder) can be a project module.
    const first = path.join(mapping.baseUrl, specifier.split('/')[0]);
    if (this.host.isDirectory?.(first) !== false) return true;
    return ['', '.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs', '.json'].some((e) => this.host.exists(first + e));
  }
}

export function bareResolver(host: SourceHost): BareResolver {
  return new BareSpecifiers(host).resolve;
}
