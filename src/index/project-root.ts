// The project a path belongs to: the folder whose files a file is analysed with, found as ESLint and tsc find theirs.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The tool's own config file: where it is, the project is (src/config/find.ts reads it). */
const CONFIG_FILE = 'rabbitmq4-codemod.config.json';
const PACKAGE_KEY = '"rabbitmq4-codemod"';

/**
 * The project root of an absolute path (a file or a folder): walking up from it, the nearest folder with
 * the tool's config file (or a package.json with its key) up to the git root; else the nearest folder
 * with a tsconfig.json or package.json; else the git root. Undefined when none of these is found: the
 * path is then analysed alone.
 */
export function projectRootOf(absolute: string): string | undefined {
  const start = isDirectory(absolute) ? absolute : path.dirname(absolute);
  let manifest: string | undefined;
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (isFile(path.join(dir, CONFIG_FILE)) || packageNamesTool(path.join(dir, 'package.json'))) return dir;
    if (!manifest && (isFile(path.join(dir, 'tsconfig.json')) || isFile(path.join(dir, 'package.json')))) manifest = dir;
    const gitRoot = fs.existsSync(path.join(dir, '.git'));
    if (gitRoot) return manifest ?? dir;
    if (path.dirname(dir) === dir) return manifest;
  }
}

/**
 * The project roots of the paths a command names, each path with its root (paths that share a root are
 * analysed together). A path with no project around it is its own root, analysed alone.
 */
export function groupByProject(paths: readonly string[]): { root: string; alone: boolean; paths: string[] }[] {
  const groups = new Map<string, { root: string; alone: boolean; paths: string[] }>();
  for (const p of paths) {
    const found = projectRootOf(p);
    const root = found ?? p;
    const key = `${found ? 'project' : 'alone'}\0${root}`;
    const group = groups.get(key);
    if (group) group.paths.push(p);
    else groups.set(key, { root, alone: !found, paths: [p] });
  }
  return [...groups.values()];
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** A package.json with the tool's top-level key: not one that merely names the package (its own, a dependency's). */
function packageNamesTool(file: string): boolean {
  try {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(PACKAGE_KEY)) return false;
    const manifest: unknown = JSON.parse(text);
    return typeof manifest === 'object' && manifest !== null && Object.hasOwn(manifest, PACKAGE_KEY.slice(1, -1));
  } catch {
    return false;
  }
}
