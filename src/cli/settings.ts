// A command's settings: its flags over the config file's.
import type { Severity, TargetVersion } from '../model';
import { ALL_RULES } from '../rules';
import { UNUSED_SUPPRESSION } from '../engine/unused-suppressions';
import { AUDIT_RULES } from '../audit/rules';
import type { AnalyzeOptions } from '../engine/options';
import { rulesOff, severityOverrides, type Config } from '../config/config';
import { ConfigFileError, loadConfig } from '../config/find';
import { flag, list, UsageError, type Parsed } from './args';
import { analyzeOptions } from './common';

/** What a command runs with: its flags over the config file's settings. */
export interface Settings {
  analyze: AnalyzeOptions;
  exclude: string[];
  /** Files read even if they look minified: the config's and --include-minified. */
  includeMinified: string[];
  failOn: Severity | 'never';
  /** Severity per rule id, from the config. */
  severities: Map<string, Severity>;
  /** The config file used, if any. */
  configFile?: string;
}

/** Every rule id a config file may name: scan's rules, unused-suppression and audit's rules. */
export function isKnownRuleId(id: string): boolean {
  return ALL_RULES.some((r) => r.meta.id === id) || id === UNUSED_SUPPRESSION.id || AUDIT_RULES.some((r) => r.id === id);
}

/** Reads the config (a bad one is a usage error) and lets the flags win over it. */
export function settings(p: Parsed, cwd: string): Settings {
  let loaded: { config: Config; file: string } | undefined;
  try {
    loaded = loadConfig(cwd, isKnownRuleId);
  } catch (e) {
    if (e instanceof ConfigFileError) throw new UsageError(e.message);
    throw e;
  }
  const config = loaded?.config ?? {};
  const analyze = analyzeOptions(p);
  const target = (flag(p, 'target') as TargetVersion | undefined) ?? config.target ?? analyze.target;
  // A rule named in --rules runs even if the config turns it off.
  const off = rulesOff(config).filter((id) => !analyze.rules?.has(id));
  const severities = severityOverrides(config);
  // --default-queue-type gives every vhost one type; the config may give one per vhost.
  const defaultQueueType = analyze.defaultQueueType ?? config.defaultQueueType;
  return {
    analyze: { ...analyze, target, ...(defaultQueueType !== undefined ? { defaultQueueType } : {}), disabledRules: off.length ? new Set(off) : analyze.disabledRules },
    exclude: [...(config.exclude ?? []), ...list(p, 'exclude')],
    includeMinified: [...(config.includeMinified ?? []), ...list(p, 'include-minified')],
    failOn: (flag(p, 'fail-on') as Severity | 'never' | undefined) ?? config.failOn ?? 'error',
    severities,
    configFile: loaded?.file,
  };
}
