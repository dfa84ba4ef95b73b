// The versions yarn.lock (Yarn 1 and Yarn 2+) installs.
import type { DependencyPin } from '../model';
import type { LineIndex } from '../text';
import { isBlank, linesOf, splitDescriptor, unquote, withoutNpmProtocol, type Line } from './lines';
import { WATCHED_PACKAGES } from './manifests';
import { pinAt } from './pin';

export interface YarnBlock {
  name: string;
  /** The `name@range` descriptors the block resolves (protocol prefixes removed). */
  descriptors: Set<string>;
  header: Line;
  version?: { value: string; start: number; end: number };
  /** The ranges this package asks for, by name. */
  dependencies: Map<string, string>;
  workspace: boolean;
}

/**
 * Reads a yarn.lock, Yarn 1 (`version "0.8.0"`, `amqplib "^0.8.0"`) or Yarn 2+ (YAML:
 * `version: 0.8.0`, `amqplib: "npm:^0.8.0"`): one block per resolved package, headed by the
 * descriptors it resolves, at indentation 0.
 */
export function readYarnLock(text: string): YarnBlock[] {
  const blocks: YarnBlock[] = [];
  let block: YarnBlock | undefined;
  let section: string | undefined;
  for (const line of linesOf(text)) {
    if (isBlank(line)) continue;
    if (line.indent === 0) {
      block = line.content.endsWith(':') ? headerBlock(line) : undefined;
      if (block) blocks.push(block);
      continue;
    }
    if (!block) continue;
    const entry = /^("?)(@?[^\s":]+)\1:?\s*(.*)$/.exec(line.content);
    if (!entry) continue;
    const [, , key, rest] = entry;
    if (line.indent <= 2) {
      section = rest === '' ? key : undefined;
      if (key === 'version' && rest) {
        const value = unquote(rest.trim());
        const start = line.start + line.text.lastIndexOf(value);
        block.version = { value, start, end: start + value.length };
      }
    } else if (section === 'dependencies' || section === 'optionalDependencies') {
      block.dependencies.set(key, withoutNpmProtocol(unquote(rest.trim())));
    }
  }
  return blocks;
}

function headerBlock(line: Line): YarnBlock | undefined {
  const header = line.content.slice(0, -1);
  const descriptors = new Set<string>();
  let name: string | undefined;
  // Yarn 1 quotes each descriptor, Yarn 2+ the whole list.
  for (const raw of header.split(',')) {
    const d = splitDescriptor(raw.trim().replace(/^["']|["']$/g, ''));
    if (!d) continue;
    name ??= d.name;
    descriptors.add(`${d.name}@${withoutNpmProtocol(d.range)}`);
  }
  if (!name || name === '__metadata') return undefined;
  // Yarn 2+ lists the project's own workspaces (`orders@workspace:.`): what they require is the project's choice.
  const workspace = [...descriptors].some((d) => d.includes('@workspace:'));
  return { name, descriptors, header: line, dependencies: new Map(), workspace };
}

/** The versions of the watched packages a yarn.lock installs, with the packages that ask for each. */
export function yarnLockPins(file: string, text: string, lines: LineIndex): DependencyPin[] {
  const blocks = readYarnLock(text);
  const out: DependencyPin[] = [];
  for (const b of blocks) {
    if (!WATCHED_PACKAGES.includes(b.name) || !b.version) continue;
    const requiredBy = blocks.flatMap((r) => {
      const range = r.dependencies.get(b.name);
      return !r.workspace && range !== undefined && b.descriptors.has(`${b.name}@${range}`) ? [{ name: r.name, range }] : [];
    });
    out.push(pinAt(file, lines, { manifest: 'yarn.lock', name: b.name, start: b.version.start, end: b.version.end, callee: unquote(b.header.content.slice(0, -1)), version: b.version.value, requiredBy }));
  }
  return out;
}
