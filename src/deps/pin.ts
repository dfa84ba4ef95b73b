// One dependency pin (a package's range or version) at a place in a manifest.
import type { DependencyManifest, DependencyPin } from '../model';
import type { LineIndex } from '../text';

export interface PinParts {
  manifest: DependencyManifest;
  name: string;
  /** Offsets of the range or version text. */
  start: number;
  end: number;
  callee: string;
  range?: string;
  section?: string;
  version?: string;
  requiredBy?: DependencyPin['requiredBy'];
  syntax?: unknown;
}

/** One dependency pin of a manifest at a place in its text. */
export function pinAt(file: string, lines: LineIndex, parts: PinParts): DependencyPin {
  return {
    kind: 'dependency',
    id: `${parts.manifest}:${parts.start}`,
    client: parts.name,
    at: { file, start: parts.start, end: parts.end },
    statementStart: lines.lineStart(parts.start),
    callee: parts.callee,
    manifest: parts.manifest,
    ...(parts.range !== undefined ? { range: parts.range } : {}),
    ...(parts.section ? { section: parts.section } : {}),
    ...(parts.version !== undefined ? { version: parts.version } : {}),
    requiredBy: parts.requiredBy ?? [],
    syntax: parts.syntax,
  };
}
