// What every CLI command shares: its common flags, path checks, colors and the analysis options.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { QUEUE_TYPES, TARGET_VERSIONS, type QueueType, type TargetVersion } from '../model';
import { ALL_RULES } from '../rules';
import type { AnalyzeOptions } from '../engine/options';
import { cacheFile, type CacheStrategy } from '../engine/cache';
import { flag, has, list, UsageError, type FlagSpec, type Parsed } from './args';

export const COMMON_FLAGS: Record<string, FlagSpec> = {
  target: { value: true, choices: TARGET_VERSIONS },
  'default-queue-type': { value: true, choices: QUEUE_TYPES },
  rules: { value: true, repeat: true },
  exclude: { value: true, repeat: true },
  'max-file-size': { value: true },
  'include-minified': { value: true, repeat: true },
  project: { value: true },
  cache: {},
  'cache-location': { value: true },
  'cache-strategy': { value: true, choices: ['metadata', 'content'] },
  help: {},
  h: {},
};

export interface Io {
  cwd: string;
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
}

export function analyzeOptions(p: Parsed): AnalyzeOptions {
  const rules = list(p, 'rules');
  for (const id of rules) {
    if (!ALL_RULES.some((r) => r.meta.id === id)) throw new UsageError(`unknown rule '${id}' in --rules (see rabbitmq4-codemod rules)`);
  }
  if (has(p, 'safe-only') && has(p, 'unsafe-fixes')) {
    throw new UsageError('--safe-only and --unsafe-fixes cannot be combined: --safe-only holds back rewrites that change existing queues, --unsafe-fixes adds riskier ones');
  }
  const defaultQueueType = flag(p, 'default-queue-type') as QueueType | undefined;
  return {
    target: (flag(p, 'target') as TargetVersion | undefined) ?? '4.3',
    ...(defaultQueueType ? { defaultQueueType } : {}),
    rules: rules.length ? new Set(rules) : undefined,
    safeOnly: has(p, 'safe-only'),
    unsafeFixes: has(p, 'unsafe-fixes'),
  };
}

export function maxFileBytes(p: Parsed): number | undefined {
  const v = flag(p, 'max-file-size');
  if (v === undefined) return undefined;
  const m = /^(\d+)(k|kb|m|mb)?$/i.exec(v);
  if (!m) throw new UsageError(`option --max-file-size must be a size such as 500k or 2m (got '${v}')`);
  const unit = (m[2] ?? '').toLowerCase();
  return Number(m[1]) * (unit.startsWith('m') ? 1024 * 1024 : unit.startsWith('k') ? 1024 : 1);
}

/**
 * Writes a report or patch the user named (--output, --patch). A path that cannot be written is the
 * user's to fix: one line naming it, exit code 2, never a stack trace.
 */
export function writeOutput(cwd: string, file: string, text: string): void {
  try {
    fs.writeFileSync(path.resolve(cwd, file), text);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'its directory does not exist' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : code === 'ENOTDIR' ? 'a part of the path is not a directory' : (e as Error).message;
    throw new UsageError(`cannot write ${file}: ${why}`);
  }
}

/** Every path must exist: a typo must not turn into a clean report. */
export function checkPaths(paths: string[], cwd: string): void {
  for (const p of paths) {
    try {
      fs.accessSync(path.resolve(cwd, p), fs.constants.R_OK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new UsageError(`${p}: ${code === 'ENOENT' ? 'no such file or directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message}`);
    }
  }
}

export { color, type Colors } from '../colors';

/** Colour only on a terminal, and never when NO_COLOR is set. */
export function useColor(stream: Io['stdout']): boolean {
  return !!stream.isTTY && !process.env.NO_COLOR;
}

/**
 * `--project DIR`: the folder analysed as the project the paths belong to (default: found from each path,
 * the nearest config file, tsconfig.json or package.json, else the git root).
 */
export function projectRoot(p: Parsed, cwd: string): string | undefined {
  const dir = flag(p, 'project');
  if (dir === undefined) return undefined;
  const absolute = require('node:path').resolve(cwd, dir) as string;
  let isDir = false;
  try {
    isDir = fs.statSync(absolute).isDirectory();
  } catch {
    throw new UsageError(`--project ${dir}: no such directory`);
  }
  if (!isDir) throw new UsageError(`--project ${dir}: not a directory`);
  return absolute;
}

/** `--cache` (with `--cache-location` and `--cache-strategy`, ESLint's names): where the cache is kept, or undefined without it. */
export function cacheOption(p: Parsed, cwd: string): { file: string; strategy: CacheStrategy } | undefined {
  const location = flag(p, 'cache-location');
  const strategy = flag(p, 'cache-strategy') as CacheStrategy | undefined;
  if (!has(p, 'cache')) {
    if (location !== undefined || strategy !== undefined) throw new UsageError(`--${location !== undefined ? 'cache-location' : 'cache-strategy'} needs --cache`);
    return undefined;
  }
  return { file: cacheFile(cwd, location), strategy: strategy ?? 'metadata' };
}
