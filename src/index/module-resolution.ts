// Module resolution: relative paths, packages and tsconfig paths, over an overlay of unsaved texts.
import * as fs from 'node:fs';
import * as path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];

/** Reads files for the resolver: the analysed inputs first (e.g. unsaved editor text), then the disk. */
export interface SourceHost {
  /** The text of an absolute path, or undefined if there is no such file. */
  read(absolute: string): string | undefined;
  exists(absolute: string): boolean;
}

/** The files on disk. */
export const DISK: SourceHost = {
  read: (p) => {
    try {
      return fs.readFileSync(p, 'utf8');
    } catch {
      return undefined;
    }
  },
  exists: (p) => fs.existsSync(p) && fs.statSync(p).isFile(),
};

/** `overlay` (absolute path to text) over `base`; nothing but the overlay without a base. */
export function overlayHost(overlay: ReadonlyMap<string, string>, base: SourceHost | undefined): SourceHost {
  return {
    read: (p) => (overlay.has(p) ? overlay.get(p) : base?.read(p)),
    exists: (p) => overlay.has(p) || !!base?.exists(p),
  };
}

/** Whether a folder is a repository's root (`.git` is a folder, or a file in a worktree or submodule), asked of the host's listings where it has them. */
export function isRepositoryRoot(host: SourceHost & { isDirectory?(absolute: string): boolean }, dir: string): boolean {
  const git = path.join(dir, '.git');
  return host.isDirectory ? host.isDirectory(git) || host.exists(git) : fs.existsSync(git);
}

export function diskHost(overlay: Map<string, string> = new Map(), disk = true): SourceHost {
  return overlayHost(overlay, disk ? DISK : undefined);
}

/**
 * Resolves a relative import the way TypeScript and Node do for sources: the file itself, with a
 * source extension (also `./x.js` written for `./x.ts`), or the directory's index.
 */
export function resolveRelative(host: SourceHost, fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  return resolveFileOrDirectory(host, base);
}

export function resolveFileOrDirectory(host: SourceHost, base: string): string | undefined {
  if (host.exists(base) && EXTENSIONS.includes(path.extname(base))) return base;
  const stripped = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
  for (const ext of EXTENSIONS) {
    if (host.exists(stripped + ext)) return stripped + ext;
    if (host.exists(base + ext)) return base + ext;
  }
  for (const ext of EXTENSIONS) {
    const index = path.join(base, `index${ext}`);
    if (host.exists(index)) return index;
  }
  return undefined;
}

type TsModule = typeof import('typescript');
let typescript: TsModule | undefined;

/**
 * A non-relative import: resolved through the nearest tsconfig.json's `paths` / `baseUrl` with the
 * TypeScript compiler's own module resolution (loaded on first use only: it costs about half a second).
 * Packages from node_modules are not followed.
 */
export function resolveNonRelative(host: SourceHost, fromFile: string, specifier: string, configs: TsconfigCache): string | undefined {
  const config = configs.nearest(fromFile);
  if (!config) return undefined;
  typescript ??= (require('ts-morph') as { ts: TsModule }).ts;
  const ts = typescript;
  const result = ts.resolveModuleName(specifier, fromFile, config.options, {
    fileExists: (p) => host.exists(p),
    readFile: (p) => host.read(p),
  });
  const resolved = result.resolvedModule?.resolvedFileName;
  if (!resolved || resolved.includes(`${path.sep}node_modules${path.sep}`) || /\.d\.[mc]?ts$/.test(resolved)) return undefined;
  return resolved;
}

/** The compiler options of the nearest tsconfig.json that sets `paths` or `baseUrl`, per directory. */
export class TsconfigCache {
  private readonly byDir = new Map<string, { options: import('typescript').CompilerOptions } | undefined>();

  constructor(private readonly host: SourceHost) {}

  nearest(file: string): { options: import('typescript').CompilerOptions } | undefined {
    const dir = path.dirname(file);
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let found: { options: import('typescript').CompilerOptions } | undefined;
    const candidate = path.join(dir, 'tsconfig.json');
    const text = this.host.read(candidate);
    if (text !== undefined) {
      // The nearest tsconfig.json governs; only one that can map paths is worth loading TypeScript for.
      if (/"(paths|baseUrl|extends)"/.test(text)) {
        typescript ??= (require('ts-morph') as { ts: TsModule }).ts;
        const ts = typescript;
        const host = { useCaseSensitiveFileNames: true, readDirectory: () => [], fileExists: (p: string) => this.host.exists(p), readFile: (p: string) => this.host.read(p) };
        const parsed = ts.parseJsonConfigFileContent(ts.parseConfigFileTextToJson(candidate, text).config ?? {}, host, dir);
        if (parsed.options.paths || parsed.options.baseUrl) found = { options: parsed.options };
      }
    } else {
      const parent = path.dirname(dir);
      const top = isRepositoryRoot(this.host, dir);
      found = parent !== dir && !top ? this.nearest(path.join(parent, 'x')) : undefined;
    }
    this.byDir.set(dir, found);
    return found;
  }
}
