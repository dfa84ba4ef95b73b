// The config file's contents, validated: target, rule settings, excludes, fail-on.
import { QUEUE_TYPES, TARGET_VERSIONS, type DefaultQueueTypes, type QueueType, type Severity, type TargetVersion } from '../model';

/** What `rabbitmq4-codemod.config.json` (or package.json's "rabbitmq4-codemod" key) may say. */
export interface Config {
  target?: TargetVersion;
  /** Per rule id: off, or the severity every finding of the rule gets. */
  rules?: Record<string, RuleSetting>;
  /** Paths left out (gitignore syntax), added to --exclude. */
  exclude?: string[];
  /** Files read even if they look minified (a generated client committed on purpose), added to --include-minified. */
  includeMinified?: string[];
  failOn?: Severity | 'never';
  /** The broker's default queue type: one for every vhost, or per vhost name (`*`: the others). */
  defaultQueueType?: DefaultQueueTypes;
}

export type RuleSetting = 'off' | Severity;

const KEYS = ['target', 'rules', 'exclude', 'includeMinified', 'failOn', 'defaultQueueType'] as const;
const SETTINGS: readonly RuleSetting[] = ['off', 'error', 'warning', 'info'];
const FAIL_ON = ['error', 'warning', 'info', 'never'] as const;

/** A config that cannot be used: what is wrong, in one line (the caller names the file). */
export class ConfigError extends Error {}

/**
 * Checks a parsed config value. `knownRule` says which rule ids exist (scan's, the tool's own
 * unused-suppression and audit's): a misspelt id must not silently do nothing.
 */
export function validateConfig(value: unknown, knownRule: (id: string) => boolean): Config {
  if (!isObject(value)) throw new ConfigError(`must be a JSON object (got ${describe(value)})`);
  const config: Config = {};
  for (const key of Object.keys(value)) {
    if (!(KEYS as readonly string[]).includes(key)) throw new ConfigError(`unknown key "${key}" (expected ${KEYS.join(', ')})`);
  }
  if (value.target !== undefined) {
    if (!TARGET_VERSIONS.includes(value.target as TargetVersion)) throw new ConfigError(`"target" must be one of ${TARGET_VERSIONS.join(', ')} (got ${describe(value.target)})`);
    config.target = value.target as TargetVersion;
  }
  if (value.rules !== undefined) {
    if (!isObject(value.rules)) throw new ConfigError(`"rules" must be an object of rule id to ${SETTINGS.join('|')} (got ${describe(value.rules)})`);
    config.rules = {};
    for (const [id, setting] of Object.entries(value.rules)) {
      if (!knownRule(id)) throw new ConfigError(`unknown rule "${id}" in "rules" (see rabbitmq4-codemod rules)`);
      if (!SETTINGS.includes(setting as RuleSetting)) throw new ConfigError(`"rules"."${id}" must be one of ${SETTINGS.join(', ')} (got ${describe(setting)})`);
      config.rules[id] = setting as RuleSetting;
    }
  }
  for (const key of ['exclude', 'includeMinified'] as const) {
    const globs = value[key];
    if (globs === undefined) continue;
    if (!Array.isArray(globs) || globs.some((g) => typeof g !== 'string' || g.trim() === '')) {
      throw new ConfigError(`"${key}" must be an array of non-empty glob strings (got ${describe(globs)})`);
    }
    config[key] = globs as string[];
  }
  if (value.failOn !== undefined) {
    if (!(FAIL_ON as readonly unknown[]).includes(value.failOn)) throw new ConfigError(`"failOn" must be one of ${FAIL_ON.join(', ')} (got ${describe(value.failOn)})`);
    config.failOn = value.failOn as Config['failOn'];
  }
  if (value.defaultQueueType !== undefined) config.defaultQueueType = validateDefaultQueueType(value.defaultQueueType);
  return config;
}

/** `"quorum"`, or `{"orders": "quorum", "*": "classic"}`: a queue type, or a queue type per vhost name. */
function validateDefaultQueueType(v: unknown): DefaultQueueTypes {
  const types = QUEUE_TYPES.join(', ');
  if (typeof v === 'string') {
    if (!(QUEUE_TYPES as readonly string[]).includes(v)) throw new ConfigError(`"defaultQueueType" must be one of ${types}, or an object of vhost name to queue type (got ${describe(v)})`);
    return v as QueueType;
  }
  if (!isObject(v)) throw new ConfigError(`"defaultQueueType" must be one of ${types}, or an object of vhost name to queue type (got ${describe(v)})`);
  const out: Record<string, QueueType> = {};
  for (const [vhost, type] of Object.entries(v)) {
    if (!(QUEUE_TYPES as readonly unknown[]).includes(type)) throw new ConfigError(`"defaultQueueType"."${vhost}" must be one of ${types} (got ${describe(type)})`);
    out[vhost] = type as QueueType;
  }
  return out;
}

/** The rule ids a config turns off. */
export function rulesOff(config: Config): string[] {
  return Object.entries(config.rules ?? {})
    .filter(([, s]) => s === 'off')
    .map(([id]) => id);
}

/** The severity overrides a config sets, by rule id. */
export function severityOverrides(config: Config): Map<string, Severity> {
  return new Map(Object.entries(config.rules ?? {}).filter((e): e is [string, Severity] => e[1] !== 'off'));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
