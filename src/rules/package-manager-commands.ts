// The commands and package.json entries that change a dependency, in each package manager's own words.
import type { DependencyManifest } from '../model';

type Manager = 'npm' | 'yarn' | 'pnpm' | 'bun';

const MANAGERS: Partial<Record<DependencyManifest, Manager>> = { 'yarn.lock': 'yarn', 'pnpm-lock.yaml': 'pnpm', 'bun.lock': 'bun', 'bun.lockb': 'bun' };
const managerOf = (manifest: DependencyManifest | undefined): Manager => (manifest && MANAGERS[manifest]) ?? 'npm';

/** The flag that keeps a dependency in its package.json section. */
const SECTION_FLAGS: Record<Manager, Record<string, string>> = {
  npm: { devDependencies: ' --save-dev', optionalDependencies: ' --save-optional', peerDependencies: ' --save-peer' },
  yarn: { devDependencies: ' --dev', optionalDependencies: ' --optional', peerDependencies: ' --peer' },
  pnpm: { devDependencies: ' --save-dev', optionalDependencies: ' --save-optional', peerDependencies: ' --save-peer' },
  bun: { devDependencies: ' --dev', optionalDependencies: ' --optional', peerDependencies: ' --peer' },
};

/**
 * The command that sets a dependency's range in package.json and updates the lock file to match, in one go
 * (`npm install amqplib@^0.10.7`, `yarn add`, `pnpm add`, `bun add`), run in the package's directory.
 */
export function addCommand(manifest: DependencyManifest | undefined, name: string, range: string, section?: string, dir?: string): string {
  const manager = managerOf(manifest);
  const verb = manager === 'npm' ? 'install' : 'add';
  const command = `\`${manager} ${verb} ${name}@${range}${(section && SECTION_FLAGS[manager][section]) ?? ''}\``;
  return dir && dir !== '.' ? `${command} in ${dir}` : command;
}

/** The command that updates a locked copy to `range`, per package manager. */
export function upgradeCommand(manifest: DependencyManifest, name: string, range: string): string {
  if (manifest === 'yarn.lock') return `\`yarn up ${name}@${range}\` (Yarn 2+) or \`yarn upgrade ${name}@${range}\` (Yarn 1)`;
  if (manifest === 'pnpm-lock.yaml') return `\`pnpm update ${name}@${range}\``;
  if (managerOf(manifest) === 'bun') return `\`bun update ${name}\``;
  return `\`npm install ${name}@${range}\``;
}

/** How to override the copy a wrapper library installs, per package manager. */
export function overrideSnippet(manifest: DependencyManifest, name: string, range: string): string {
  const entry = `{ "${name}": "${range}" }`;
  if (manifest === 'yarn.lock') return `"resolutions": ${entry} in package.json, then \`yarn install\``;
  if (manifest === 'pnpm-lock.yaml') return `"pnpm": { "overrides": ${entry} } in package.json, then \`pnpm install\``;
  if (managerOf(manifest) === 'bun') return `"overrides": ${entry} in package.json, then \`bun install\``;
  return `"overrides": ${entry} in package.json, then \`npm install\``;
}

/** The install that refuses a package.json and lock file that disagree. */
export function frozenInstall(manifest: DependencyManifest | undefined): string {
  if (manifest === 'yarn.lock') return '`yarn install --frozen-lockfile` (`--immutable` on Yarn 2+)';
  if (manifest === 'pnpm-lock.yaml') return '`pnpm install --frozen-lockfile`';
  if (managerOf(manifest) === 'bun') return '`bun install --frozen-lockfile`';
  return '`npm ci`';
}

/** The directory of a reported path (`.` for the working directory). */
export const dirOf = (file: string): string => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.');
