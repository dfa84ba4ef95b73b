// The package a file belongs to: the folder of the nearest package.json above it, looked up once per folder.
import * as path from 'node:path';
import type { SourceHost } from '../index/module-resolution';

const PACKAGE_DIRS = new WeakMap<object, Map<string, string | undefined>>();

/** The folder of the nearest package.json above a file (its package), undefined when there is none. */
export function packageDirOf(project: { host: SourceHost }, absolute: string): string | undefined {
  let byDir = PACKAGE_DIRS.get(project.host);
  if (!byDir) PACKAGE_DIRS.set(project.host, (byDir = new Map()));
  const lookup = (dir: string): string | undefined => {
    if (byDir!.has(dir)) return byDir!.get(dir);
    const parent = path.dirname(dir);
    const found = project.host.exists(path.join(dir, 'package.json')) ? dir : parent !== dir ? lookup(parent) : undefined;
    byDir!.set(dir, found);
    return found;
  };
  return lookup(path.dirname(absolute));
}
