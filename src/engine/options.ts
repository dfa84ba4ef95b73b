// The analysis options (target, rules, fix modes) and their defaults.
import { DEFAULT_TARGET, type DefaultQueueTypes, type TargetVersion } from '../model';
import type { SourceHost } from '../index/module-resolution';
import type { ParseCache } from './parse-cache';
import type { ProjectIndex } from '../index/project-index';
import type { Selection } from './candidates';

export interface AnalyzeOptions {
  target: TargetVersion;
  /** The default queue type a declaration without x-queue-type is typed by (default: classic). */
  defaultQueueType?: DefaultQueueTypes;
  /** Only these rules run (all when undefined). */
  rules?: ReadonlySet<string>;
  /** Rules that never run. */
  disabledRules?: ReadonlySet<string>;
  /** Rewrites that change a queue that may exist and work today become annotations. */
  safeOnly?: boolean;
  /** Allow the opt-in rewrites (e.g. auto-ack consumers to manual ack). */
  unsafeFixes?: boolean;
  /** Reported paths are relative to this directory (default: the process's). */
  cwd?: string;
  /** Follow imports to files that are not analysed inputs (default true). */
  followImports?: boolean;
  /** Parse and model every input, not only those that mention a client (robustness sweeps). */
  parseEverything?: boolean;
  /**
   * Which inputs to parse and the client libraries the project uses, when a larger run chose them
   * already (a worker thread gets its share of the project's selection). Default: chosen from the inputs.
   */
  selection?: Selection;
  /**
   * The project the inputs belong to: every file's facts (imports, importers, what names a client). A file
   * of the index that is not an input is read from `files` when the analysis needs it. Default: an index
   * of the inputs alone.
   */
  index?: ProjectIndex;
  /**
   * Where files that are not inputs (imported modules, tsconfig.json) are read from (default: the
   * disk). The language server passes the editor's unsaved text over the disk.
   */
  files?: SourceHost;
  /** Syntax trees kept across analyses by a long-lived caller (the language server); default: none. */
  parseCache?: ParseCache;
}

export const DEFAULT_OPTIONS: AnalyzeOptions = { target: DEFAULT_TARGET };

export function ruleEnabled(options: AnalyzeOptions, id: string): boolean {
  if (options.disabledRules?.has(id)) return false;
  return !options.rules || options.rules.has(id);
}
