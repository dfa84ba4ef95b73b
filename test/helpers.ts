import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { markerComment } from '../src/fix/annotate';
import { DEFAULT_LINE_WIDTH } from '../src/fix/line-width';

export const ROOT = path.join(__dirname, '..');
export const BIN = path.join(ROOT, 'bin', 'rabbitmq4-codemod');

/** A temporary directory with the given files (paths relative to it). */
export function project(files: Record<string, string>, opts: { git?: boolean } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-'));
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  }
  if (opts.git) {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=test@example.invalid', '-c', 'user.name=test', 'commit', '-qm', 'initial');
  }
  return dir;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(cwd: string, ...args: string[]): CliResult {
  // A report of a large project (every fixture scanned as one) is more than spawnSync's default 1 MiB.
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function read(dir: string, rel: string): string {
  return fs.readFileSync(path.join(dir, rel), 'utf8');
}

export function fixture(rule: string, name: string): string {
  return fs.readFileSync(path.join(ROOT, 'test-fixtures', rule, name), 'utf8');
}

/** The marker comment `fix` inserts above a statement indented by `indent`, at the default line width, with its line ending. */
export function marker(indent: string, rule: string, advice: string): string {
  return markerComment(rule, advice, DEFAULT_LINE_WIDTH, indent)
    .map((l) => `${indent}${l}\n`)
    .join('');
}
