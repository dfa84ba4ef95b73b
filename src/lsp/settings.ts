// The editor's settings for the server, and the analysis options they give.
import { DEFAULT_TARGET, QUEUE_TYPES, TARGET_VERSIONS, type DefaultQueueTypes, type QueueType, type TargetVersion } from '../model';
import type { AnalyzeOptions } from '../engine/options';
import { ALL_RULES } from '../rules';
import { rulesOff, type Config } from '../config/config';

/** The configuration section clients send (VS Code: `rabbitmq4-codemod.target`, ...). */
export const SETTINGS_SECTION = 'rabbitmq4-codemod';

export interface Settings {
  target: TargetVersion;
  disabledRules: readonly string[];
  /** The broker's default queue type (`rabbitmq4-codemod.defaultQueueType`): classic, quorum or stream. */
  defaultQueueType?: QueueType;
}

export const DEFAULT_SETTINGS: Settings = { target: DEFAULT_TARGET, disabledRules: [] };
const KEYS: readonly (keyof Settings)[] = ['target', 'disabledRules', 'defaultQueueType'];

export interface SettingsUpdate {
  /** Undefined when the payload says nothing about this server's settings (keep the current ones). */
  settings?: Settings;
  /** One line per value that was ignored. */
  warnings: string[];
}

/**
 * Reads settings as clients send them: either the section's object itself (Helix, initializationOptions)
 * or an object holding it under `rabbitmq4-codemod` (VS Code, Neovim's `settings`).
 * Within the section a missing value means the default; an invalid one is ignored (the current value
 * stays) with a warning. A payload without the section or any of its keys changes nothing: Neovim
 * sends its (often empty) `settings` table after start-up, which must not undo initializationOptions.
 */
export function readSettings(raw: unknown, current: Settings): SettingsUpdate {
  const warnings: string[] = [];
  let section: unknown;
  if (isObject(raw) && SETTINGS_SECTION in raw) section = raw[SETTINGS_SECTION];
  else if (isObject(raw) && KEYS.some((k) => k in raw)) section = raw;
  else return { warnings };
  if (section === undefined || section === null) return { settings: DEFAULT_SETTINGS, warnings };
  if (!isObject(section)) {
    warnings.push(`settings: expected an object for '${SETTINGS_SECTION}', got ${describe(section)}; keeping the current settings`);
    return { warnings };
  }
  const defaultQueueType = readDefaultQueueType(section.defaultQueueType, current, warnings);
  return {
    settings: { target: readTarget(section.target, current, warnings), disabledRules: readDisabledRules(section.disabledRules, current, warnings), ...(defaultQueueType ? { defaultQueueType } : {}) },
    warnings,
  };
}

function readDefaultQueueType(value: unknown, current: Settings, warnings: string[]): QueueType | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' && (QUEUE_TYPES as readonly string[]).includes(value)) return value as QueueType;
  warnings.push(`settings: defaultQueueType must be one of ${QUEUE_TYPES.join(', ')} (got ${describe(value)}); keeping ${current.defaultQueueType ?? 'classic'}`);
  return current.defaultQueueType;
}

function readTarget(value: unknown, current: Settings, warnings: string[]): TargetVersion {
  if (value === undefined || value === null) return DEFAULT_SETTINGS.target;
  // A YAML or TOML config may give the version as a number.
  const text = typeof value === 'number' ? value.toFixed(1) : value;
  if (typeof text === 'string' && (TARGET_VERSIONS as readonly string[]).includes(text)) return text as TargetVersion;
  warnings.push(`settings: target must be one of ${TARGET_VERSIONS.join(', ')} (got ${describe(value)}); keeping ${current.target}`);
  return current.target;
}

function readDisabledRules(value: unknown, current: Settings, warnings: string[]): readonly string[] {
  if (value === undefined || value === null) return DEFAULT_SETTINGS.disabledRules;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    warnings.push(`settings: disabledRules must be a list of rule ids (got ${describe(value)}); keeping the current list`);
    return current.disabledRules;
  }
  const unknownIds = value.filter((id) => !ALL_RULES.some((r) => r.meta.id === id));
  if (unknownIds.length) warnings.push(`settings: disabledRules names unknown rules: ${unknownIds.join(', ')} (see rabbitmq4-codemod rules)`);
  return value;
}

/**
 * The engine's options from the editor's settings and the project's config file. The config file
 * wins where it says something (its `target`): it is what the project's CI runs with, and editors
 * send their default target whether or not the user set one. Rules are off if either turns them off.
 */
export function analyzeOptionsOf(settings: Settings, config: Config = {}): AnalyzeOptions {
  // The config file wins here too: it may give a type per vhost, which the editor's setting cannot.
  const defaultQueueType: DefaultQueueTypes | undefined = config.defaultQueueType ?? settings.defaultQueueType;
  return { target: config.target ?? settings.target, ...(defaultQueueType ? { defaultQueueType } : {}), disabledRules: new Set([...settings.disabledRules, ...rulesOff(config)]) };
}

export function sameSettings(a: Settings, b: Settings): boolean {
  return a.target === b.target && a.defaultQueueType === b.defaultQueueType && a.disabledRules.length === b.disabledRules.length && a.disabledRules.every((id, i) => id === b.disabledRules[i]);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  const json = JSON.stringify(v);
  return json === undefined ? typeof v : json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
