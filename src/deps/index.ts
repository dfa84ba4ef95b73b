// Dependency manifests (package.json, lock files) read into the model for the rules on client versions.
import type * as t from '@babel/types';
import type { DependencyPin } from '../model';
import { parseJson } from '../parse/json';
import type { ParseResult } from '../parse';
import { LineIndex } from '../text';
import { dependencyManifestOf } from './manifests';
import { packageJsonPins } from './package-json';
import { packageLockPins } from './package-lock';
import { pnpmLockPins } from './pnpm-lock';
import { yarnLockPins } from './yarn-lock';

export { dependencyManifestOf, isDependencyManifest, mentionsWatchedPackage } from './manifests';

/** An AST with no statements and no comments, for the lock files that are read line by line. */
function emptyAst(text: string): t.File {
  const program = { type: 'Program', body: [], directives: [], sourceType: 'script', start: 0, end: text.length } as unknown as t.Program;
  return { type: 'File', program, comments: [], start: 0, end: text.length } as unknown as t.File;
}

export type ManifestModel = { ok: true; ast: t.File; pins: DependencyPin[] } | Extract<ParseResult, { ok: false }>;

/** The dependency pins of a manifest (package.json or a lock file); `file` is the reported path. */
export function modelManifest(file: string, text: string): ManifestModel {
  const kind = dependencyManifestOf(file);
  const lines = new LineIndex(text);
  if (kind === 'yarn.lock') return { ok: true, ast: emptyAst(text), pins: yarnLockPins(file, text, lines) };
  if (kind === 'pnpm-lock.yaml') return { ok: true, ast: emptyAst(text), pins: pnpmLockPins(file, text, lines) };
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  const pins = kind === 'package-lock.json' ? packageLockPins(file, parsed.ast, lines) : packageJsonPins(file, parsed.ast, lines);
  return { ok: true, ast: parsed.ast, pins };
}
