// Finds and loads the config file (rabbitmq4-codemod.config.json or package.json's key).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ConfigError, validateConfig, type Config } from './config';

export const CONFIG_FILE = 'rabbitmq4-codemod.config.json';
export const PACKAGE_KEY = 'rabbitmq4-codemod';

export interface LoadedConfig {
  config: Config;
  /** Where it was read from (absolute), for messages. */
  file: string;
}

/** A config that cannot be used: `<file>: <what is wrong>`, one line. */
export class ConfigFileError extends Error {}

/**
 * The config for a run started in `cwd`: `rabbitmq4-codemod.config.json`, or the
 * "rabbitmq4-codemod" key of package.json, in `cwd` or the nearest parent up to the git root (the
 * config file wins over package.json in the same directory). Outside a git repository only `cwd`
 * is looked at, so that a stray file in a home directory is never picked up.
 */
export function loadConfig(cwd: string, knownRule: (id: string) => boolean): LoadedConfig | undefined {
  for (const dir of searchDirectories(cwd)) {
    const file = path.join(dir, CONFIG_FILE);
    const text = readIfFile(file);
    if (text !== undefined) return { config: parse(file, cwd, text, knownRule), file };
    const pkgFile = path.join(dir, 'package.json');
    const pkg = readIfFile(pkgFile);
    // A package.json that does not mention the tool is none of its business, even if it is broken.
    if (pkg !== undefined && pkg.includes(`"${PACKAGE_KEY}"`)) {
      const json = parseJson(pkgFile, cwd, pkg);
      if (json && typeof json === 'object' && PACKAGE_KEY in json) {
        return { config: check(pkgFile, cwd, (json as Record<string, unknown>)[PACKAGE_KEY], knownRule, `"${PACKAGE_KEY}" `), file: pkgFile };
      }
    }
  }
  return undefined;
}

/** `cwd` and its parents up to the one holding `.git`; only `cwd` if there is none. */
export function searchDirectories(cwd: string): string[] {
  const dirs: string[] = [];
  let dir = path.resolve(cwd);
  for (;;) {
    dirs.push(dir);
    if (fs.existsSync(path.join(dir, '.git'))) return dirs;
    const parent = path.dirname(dir);
    if (parent === dir) return [path.resolve(cwd)];
    dir = parent;
  }
}

function readIfFile(file: string): string | undefined {
  try {
    return fs.statSync(file).isFile() ? fs.readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

function parse(file: string, cwd: string, text: string, knownRule: (id: string) => boolean): Config {
  return check(file, cwd, parseJson(file, cwd, text), knownRule, '');
}

function parseJson(file: string, cwd: string, text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new ConfigFileError(`${shown(file, cwd)}: invalid JSON: ${oneLine((e as Error).message)}`);
  }
}

function check(file: string, cwd: string, value: unknown, knownRule: (id: string) => boolean, prefix: string): Config {
  try {
    return validateConfig(value, knownRule);
  } catch (e) {
    if (e instanceof ConfigError) throw new ConfigFileError(`${shown(file, cwd)}: ${prefix}${oneLine(e.message)}`);
    throw e;
  }
}

/** The file as the user would name it: relative to the working directory. */
export function shown(file: string, cwd: string): string {
  return path.relative(cwd, file).split(path.sep).join('/') || path.basename(file);
}

const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
