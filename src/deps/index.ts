// Dependency manifests (package.json, lock files) read into the model for the rules on client versions.
import type * as t from '@babel/types';
import type { DependencyPin } from '../model';
import { parseJson } from '../parse/json';
import type { ParseResult } from '../parse';
import { LineIndex } from '../text';
import * as path from 'node:path';
import { dependencyManifestOf, LOADED_BY } from './manifests';
import { lockedVersion } from './locked';
import { workspaceRootOf } from './workspaces';
import { importedIn } from './imports';
import { packageJsonPins } from './package-json';
import { packageLockPins } from './package-lock';
import { pnpmLockPins } from './pnpm-lock';
import { yarnLockPins } from './yarn-lock';
import { bunLockPins } from './bun-lock';

export { dependencyManifestOf, isDependencyManifest, mentionsWatchedPackage } from './manifests';

/** An AST with no statements and no comments, for the lock files that are read line by line. */
function emptyAst(text: string): t.File {
  const program = { type: 'Program', body: [], directives: [], sourceType: 'script', start: 0, end: text.length } as unknown as t.Program;
  return { type: 'File', program, comments: [], start: 0, end: text.length } as unknown as t.File;
}

export type ManifestModel = { ok: true; ast: t.File; pins: DependencyPin[] } | Extract<ParseResult, { ok: false }>;

/**
 * The dependency pins of a manifest (package.json or a lock file); `file` is the reported path. Given the
 * manifest's `absolute` path, a package.json's pins also say what its lock file installs and, where no lock
 * file decides, whether the package's sources import them (read from the disk around it).
 */
export function modelManifest(file: string, text: string, absolute?: string): ManifestModel {
  const kind = dependencyManifestOf(file);
  const lines = new LineIndex(text);
  const withFacts = (pins: DependencyPin[]) => (absolute ? pins.map((p) => withInstallFacts(p, file, absolute)) : pins);
  if (kind === 'yarn.lock') return { ok: true, ast: emptyAst(text), pins: withFacts(yarnLockPins(file, text, lines)) };
  if (kind === 'pnpm-lock.yaml') return { ok: true, ast: emptyAst(text), pins: withFacts(pnpmLockPins(file, text, lines)) };
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  if (kind === 'bun.lock') return { ok: true, ast: emptyAst(text), pins: withFacts(bunLockPins(file, text, lines)) };
  if (kind === 'package-lock.json') return { ok: true, ast: parsed.ast, pins: withFacts(packageLockPins(file, parsed.ast, lines)) };
  return { ok: true, ast: parsed.ast, pins: withFacts(packageJsonPins(file, parsed.ast, lines)) };
}

/**
 * A pin with what the code around it does with it: whether the package's sources import it (or a library that
 * loads it), and for a package.json range what its lock file installs. A lock file's copy that another package
 * requires is that package's business: only the project's own copies are looked at.
 */
function withInstallFacts(pin: DependencyPin, file: string, absolute: string): DependencyPin {
  // A workspace member's own lock file: the package manager installs the member from the root's, not from this one.
  const root = pin.manifest !== 'package.json' ? workspaceRootOf(path.dirname(absolute)) : undefined;
  if (root !== undefined) return { ...pin, notUsedBy: path.posix.normalize(path.posix.join(path.posix.dirname(file), path.relative(path.dirname(absolute), root).split(path.sep).join('/') || '.')) };
  if (pin.manifest !== 'package.json' && pin.requiredBy.length) return pin;
  const { imported, ownCopies } = importedIn(path.dirname(absolute), [pin.client, ...(LOADED_BY[pin.client] ?? [])]);
  const out: DependencyPin = { ...pin, ...(imported === undefined ? {} : { imported }), ...(ownCopies.length ? { ownCopies } : {}) };
  const locked = pin.manifest === 'package.json' && pin.range !== undefined ? lockedVersion(absolute, pin.client, pin.range) : undefined;
  if (!locked) return out;
  // The lock file's path as reported, relative to the package.json's.
  const rel = path.relative(path.dirname(absolute), locked.absolute).split(path.sep).join('/');
  const shown = path.posix.normalize(path.posix.join(path.posix.dirname(file), rel));
  return { ...out, locked: { file: shown, manifest: locked.manifest, ...(locked.version !== undefined ? { version: locked.version } : {}), ...(locked.unread ? { unread: locked.unread } : {}) } };
}
