// What a tsconfig.json maps bare specifiers with (`paths` patterns, `baseUrl`), read without TypeScript.
import * as path from 'node:path';
import { isRepositoryRoot, type SourceHost } from './module-resolution';

/** The mapping that governs a folder: the `paths` patterns and the `baseUrl` (absolute) of its tsconfig chain. */
export interface PathMapping {
  patterns: string[];
  baseUrl?: string;
}

/**
 * The nearest tsconfig.json's `paths` and `baseUrl` (through `extends`), read from the JSON texts: a
 * project whose tsconfig maps nothing never loads TypeScript (half a second) to learn that its bare
 * specifiers name packages. An `extends` that cannot be read adds nothing, as TypeScript reads it.
 */
export class TsconfigMappings {
  private readonly byDir = new Map<string, PathMapping | undefined>();

  constructor(private readonly host: SourceHost) {}

  /** The mapping for a file's folder, or undefined when its tsconfig maps nothing. */
  of(file: string): PathMapping | undefined {
    return this.forDir(path.dirname(file));
  }

  private forDir(dir: string): PathMapping | undefined {
    if (this.byDir.has(dir)) return this.byDir.get(dir);
    let found: PathMapping | undefined;
    const candidate = path.join(dir, 'tsconfig.json');
    if (this.host.exists(candidate)) found = this.read(candidate, 0);
    else {
      const parent = path.dirname(dir);
      found = parent !== dir && !isRepositoryRoot(this.host, dir) ? this.forDir(parent) : undefined;
    }
    this.byDir.set(dir, found);
    return found;
  }

  /** A config and what it extends: the nearest definition of each of `paths` and `baseUrl` wins. */
  private read(file: string, depth: number): PathMapping | undefined {
    const text = this.host.read(file);
    const json = text === undefined ? undefined : parseJsonc(text);
    if (!json || typeof json !== 'object') return undefined;
    const options = (json as { compilerOptions?: { paths?: unknown; baseUrl?: unknown } }).compilerOptions ?? {};
    let patterns = options.paths && typeof options.paths === 'object' ? Object.keys(options.paths) : undefined;
    let baseUrl = typeof options.baseUrl === 'string' ? path.resolve(path.dirname(file), options.baseUrl) : undefined;
    const extended = (json as { extends?: unknown }).extends;
    const bases = typeof extended === 'string' ? [extended] : Array.isArray(extended) ? extended.filter((e): e is string => typeof e === 'string') : [];
    if (depth < 8) {
      // Later entries of an `extends` array win over earlier ones; the config itself over all of them.
      for (const base of [...bases].reverse()) {
        if (patterns && baseUrl) break;
        const target = extendedConfig(this.host, file, base);
        const inherited = target ? this.read(target, depth + 1) : undefined;
        if (!inherited) continue;
        patterns ??= inherited.patterns.length ? inherited.patterns : undefined;
        baseUrl ??= inherited.baseUrl;
      }
    }
    return patterns?.length || baseUrl ? { patterns: patterns ?? [], baseUrl } : undefined;
  }
}

/** Where an `extends` entry points: a path relative to the config, or a package's config in node_modules. */
function extendedConfig(host: SourceHost, from: string, base: string): string | undefined {
  const dir = path.dirname(from);
  const roots = base.startsWith('.') || path.isAbsolute(base) ? [path.resolve(dir, base)] : packageCandidates(dir, base);
  for (const c of roots) for (const f of [c, `${c}.json`, path.join(c, 'tsconfig.json')]) if (host.exists(f)) return f;
  return undefined;
}

function packageCandidates(dir: string, pkg: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    out.push(path.join(d, 'node_modules', pkg));
    if (path.dirname(d) === d) return out;
  }
}

/** JSON with comments and trailing commas, as tsconfig.json is written; undefined if it still does not parse. */
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
      out += ' ';
    } else out += c;
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return undefined;
  }
}

function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}
