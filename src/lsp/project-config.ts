// The project's config file as the language server reads it from the workspace root.
import * as path from 'node:path';
import { isKnownRuleId } from '../cli/settings';
import type { Config } from '../config/config';
import { CONFIG_FILE, ConfigFileError, loadConfig, searchDirectories } from '../config/find';

/** The project's config file as the CLI reads it from the workspace root. */
export interface ProjectConfig {
  /** Empty when there is none, or when it cannot be used. */
  config: Config;
  /** The file it came from (absolute). */
  file?: string;
  /** Why the config file cannot be used (`<file>: <what is wrong>`). */
  error?: string;
}

export function readProjectConfig(root: string | undefined): ProjectConfig {
  if (!root) return { config: {} };
  try {
    const loaded = loadConfig(root, isKnownRuleId);
    return loaded ? { config: loaded.config, file: loaded.file } : { config: {} };
  } catch (e) {
    if (e instanceof ConfigFileError) return { config: {}, error: e.message };
    throw e;
  }
}

export function sameConfig(a: Config, b: Config): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A file whose change may change the project's config: a config file or package.json where the CLI looks. */
export function mayHoldConfig(absolute: string, root: string | undefined): boolean {
  const name = path.basename(absolute);
  if (!root || (name !== CONFIG_FILE && name !== 'package.json')) return false;
  return searchDirectories(root).includes(path.dirname(absolute));
}
