// The files node-config (the `config` package) reads from a project's config folder, as trees of the YAML subset:
// default.*, custom-environment-variables.* and every other file it may load (NODE_ENV's, local, hostname), all recorded as read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SourceHost } from './module-resolution';
import { lookedAt } from './probes';
import { readYamlSubset, type YamlNode } from './yaml-subset';

/** One file of the folder: its path and what it holds (unknown for a format the reader does not read: code, TOML...). */
export interface ConfigLayer {
  absolute: string;
  /** As a reader names it: `config/default.yaml`. */
  shown: string;
  tree: YamlNode;
}

export interface NodeConfigFiles {
  /** default.*, in node-config's order (a later one's keys over an earlier's). */
  defaults: ConfigLayer[];
  /** custom-environment-variables.*: the environment variable that sets each key. */
  environment: ConfigLayer[];
  /** Every other configuration file, which a deployment (NODE_ENV, NODE_APP_INSTANCE, the host name) may load over the defaults. */
  overrides: ConfigLayer[];
}

/** node-config's file extensions in the order it loads them (lib/parser.js `order`). */
const EXTENSIONS = ['js', 'cjs', 'mjs', 'ts', 'json', 'jsonc', 'json5', 'hjson', 'toml', 'coffee', 'iced', 'yaml', 'yml', 'cson', 'properties', 'xml'];
const READ = new Set(['json', 'yaml', 'yml']);

/** The package folder around `fromAbsolute` whose package.json depends on `config`, or undefined. */
export function nodeConfigPackageDir(host: SourceHost, fromAbsolute: string): string | undefined {
  for (let dir = path.dirname(fromAbsolute); ; dir = path.dirname(dir)) {
    const text = host.read(path.join(dir, 'package.json'));
    if (text !== undefined) {
      try {
        const manifest = JSON.parse(text) as Record<string, Record<string, string> | undefined>;
        const fields = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
        return fields.some((f) => manifest[f] && typeof manifest[f] === 'object' && 'config' in manifest[f]!) ? dir : undefined;
      } catch {
        return undefined;
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The config folder of a package (`<package>/config`, node-config's default NODE_CONFIG_DIR when run from the package). */
export function nodeConfigFiles(host: SourceHost, packageDir: string): NodeConfigFiles {
  const dir = path.join(packageDir, 'config');
  lookedAt(dir);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    names = [];
  }
  const out: NodeConfigFiles = { defaults: [], environment: [], overrides: [] };
  const files = names
    .map((name) => ({ name, ext: path.extname(name).slice(1), base: path.basename(name, path.extname(name)) }))
    .filter((f) => EXTENSIONS.includes(f.ext))
    .sort((a, b) => EXTENSIONS.indexOf(a.ext) - EXTENSIONS.indexOf(b.ext));
  for (const f of files) {
    const absolute = path.join(dir, f.name);
    const layer: ConfigLayer = { absolute, shown: `config/${f.name}`, tree: readLayer(host, absolute, f.ext) };
    if (f.base === 'default') out.defaults.push(layer);
    else if (f.base === 'custom-environment-variables') out.environment.push(layer);
    else out.overrides.push(layer);
  }
  return out;
}

function readLayer(host: SourceHost, absolute: string, ext: string): YamlNode {
  if (!READ.has(ext)) return { kind: 'unknown', why: `is a .${ext} file, which the tool does not read`, line: 0 };
  const text = host.read(absolute);
  if (text === undefined) return { kind: 'unknown', why: 'cannot be read', line: 0 };
  if (ext !== 'json') return readYamlSubset(text);
  try {
    return fromJson(JSON.parse(text) as unknown);
  } catch {
    return { kind: 'unknown', why: 'is not plain JSON', line: 0 };
  }
}

/** A parsed JSON document as a tree (no line numbers: 0). */
function fromJson(v: unknown): YamlNode {
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return { kind: 'scalar', value: v, line: 0 };
  if (Array.isArray(v)) return { kind: 'unknown', why: 'is a list', line: 0 };
  return { kind: 'map', entries: new Map(Object.entries(v as object).map(([k, x]) => [k, fromJson(x)])), line: 0 };
}
