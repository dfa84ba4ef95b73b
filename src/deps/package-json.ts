// The ranges package.json gives the watched client packages.
import type * as t from '@babel/types';
import type { DependencyPin } from '../model';
import type { LineIndex } from '../text';
import { jsonProps, jsonRoot, jsonString } from './json-ast';
import { WATCHED_PACKAGES } from './manifests';
import { pinAt } from './pin';

export const DEPENDENCY_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** The package.json ranges of the watched packages; `at` is the range inside its quotes. */
export function packageJsonPins(file: string, ast: t.File, lines: LineIndex): DependencyPin[] {
  const out: DependencyPin[] = [];
  const root = jsonProps(jsonRoot(ast));
  for (const section of DEPENDENCY_SECTIONS) {
    const deps = jsonProps(root.get(section)?.value);
    for (const name of WATCHED_PACKAGES) {
      const range = jsonString(deps.get(name));
      if (!range) continue;
      const start = (range.node.start ?? 0) + 1;
      out.push(pinAt(file, lines, { manifest: 'package.json', name, start, end: (range.node.end ?? 0) - 1, callee: `${section}["${name}"]`, range: range.value, section }));
    }
  }
  return out;
}
