import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * What the extension starts: an executable (`command`), or the server bundled in the extension (`module`, run
 * with VS Code's own Node), or why it starts nothing.
 */
export type ServerCommand = { command: string; source: 'setting' | 'workspace' | 'path' } | { module: string; source: 'bundled' } | { error: string };

/** Where the .vsix holds its own server (editors/vscode/scripts/bundle-server.mjs writes it), from the extension's root. */
export const BUNDLED_SERVER = path.join('server', 'bundle', 'rabbitmq4-codemod.js');

export interface Lookup {
  /** The workspace folders' paths, first one first. */
  folders: readonly string[];
  /** The server bundled in the extension (its absolute path), if the extension holds one. */
  bundled?: string;
  platform?: NodeJS.Platform;
  /** The PATH to search (default: this process's). */
  envPath?: string;
  isFile?: (p: string) => boolean;
}

/**
 * The executable the `rabbitmq4-codemod.serverPath` setting names, else the workspace's own install
 * (node_modules/.bin: the version the project pins), else the server bundled in the extension (so that it
 * works in a workspace that installs nothing), else `rabbitmq4-codemod` on the PATH. Never npx: an editor
 * that runs npx where the package is not installed would download and run whatever package holds that name
 * on the registry.
 */
export function findServer(configured: string, lookup: Lookup): ServerCommand {
  const platform = lookup.platform ?? process.platform;
  const isFile = lookup.isFile ?? defaultIsFile;
  const p = platform === 'win32' ? path.win32 : path.posix;
  if (configured) {
    if (isFile(configured) || !p.isAbsolute(configured)) return { command: configured, source: 'setting' };
    return { error: `rabbitmq4-codemod.serverPath names ${configured}, which does not exist. Fix the setting, or clear it to use the workspace's node_modules/.bin/rabbitmq4-codemod or the server bundled in the extension.` };
  }
  const names = platform === 'win32' ? ['rabbitmq4-codemod.cmd', 'rabbitmq4-codemod.exe'] : ['rabbitmq4-codemod'];
  for (const folder of lookup.folders) {
    for (const name of names) {
      const local = p.join(folder, 'node_modules', '.bin', name);
      if (isFile(local)) return { command: local, source: 'workspace' };
    }
  }
  if (lookup.bundled && isFile(lookup.bundled)) return { module: lookup.bundled, source: 'bundled' };
  const envPath = lookup.envPath ?? process.env.PATH ?? '';
  for (const dir of envPath.split(platform === 'win32' ? ';' : ':').filter(Boolean)) {
    for (const name of names) {
      const onPath = p.join(dir, name);
      if (isFile(onPath)) return { command: onPath, source: 'path' };
    }
  }
  const where = lookup.folders.length ? `in ${lookup.folders.map((f) => p.join(f, 'node_modules', '.bin')).join(' or ')} or on the PATH` : 'on the PATH (no folder is open)';
  return {
    error: `The rabbitmq4-codemod language server is not installed: this build of the extension holds no server, and there is no rabbitmq4-codemod executable ${where}. Install it in the project (npm install --save-dev rabbitmq4-codemod), or set rabbitmq4-codemod.serverPath.`,
  };
}

function defaultIsFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
