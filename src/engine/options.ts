import { DEFAULT_TARGET, type TargetVersion } from '../model';

export interface AnalyzeOptions {
  target: TargetVersion;
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
}

export const DEFAULT_OPTIONS: AnalyzeOptions = { target: DEFAULT_TARGET };

export function ruleEnabled(options: AnalyzeOptions, id: string): boolean {
  if (options.disabledRules?.has(id)) return false;
  return !options.rules || options.rules.has(id);
}
