/**
 * Issue 18: the VS Code extension (editors/vscode) builds from its own folder, with its own
 * devDependencies and lock file, into a .vsix (@vscode/vsce) that holds the bundled client and no
 * sources; and it starts the project's own server, never npx.
 *
 * Building needs `npm ci --prefix editors/vscode`. Without it the build is skipped (and says so);
 * CI installs it and sets RABBITMQ4_VSIX_REQUIRED=1, which makes a missing install a failure.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findServer } from '../editors/vscode/src/server-command';
import { ROOT } from './helpers';

const EXTENSION = path.join(ROOT, 'editors', 'vscode');
const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION, 'package.json'), 'utf8'));
const INSTALLED = fs.existsSync(path.join(EXTENSION, 'node_modules', '@vscode', 'vsce', 'package.json'));
const REQUIRED = process.env.RABBITMQ4_VSIX_REQUIRED === '1';

if (!INSTALLED && !REQUIRED) {
  console.warn('\n*** The .vsix build test is SKIPPED: editors/vscode has no node_modules (run `npm ci --prefix editors/vscode`). CI sets RABBITMQ4_VSIX_REQUIRED=1, which makes this a failure. ***\n');
}

/** The names in a zip file (its central directory; a .vsix is a zip). */
function zipEntries(file: string): string[] {
  const buf = fs.readFileSync(file);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    names.push(buf.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

describe('the VS Code extension package', () => {
  it('has what vsce and the marketplace ask for: a license file, a repository, a .vscodeignore, its own devDependencies and lock file', () => {
    expect(manifest.license).toBe('MIT');
    expect(fs.readFileSync(path.join(EXTENSION, 'LICENSE'), 'utf8')).toBe(fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'));
    expect(manifest.repository).toMatchObject({ type: 'git', directory: 'editors/vscode' });
    expect(fs.existsSync(path.join(EXTENSION, 'README.md'))).toBe(true);
    expect(fs.readFileSync(path.join(EXTENSION, '.vscodeignore'), 'utf8')).toMatch(/^\*\*$/m);
    for (const dep of ['typescript', '@types/node', '@types/vscode', 'esbuild', '@vscode/vsce']) expect(manifest.devDependencies[dep], dep).toBeDefined();
    // @types/vscode newer than engines.vscode would let the code use API that the oldest supported VS Code lacks (vsce refuses it).
    expect(manifest.devDependencies['@types/vscode']).toBe(manifest.engines.vscode.replace(/^\^/, ''));
    const lock = JSON.parse(fs.readFileSync(path.join(EXTENSION, 'package-lock.json'), 'utf8'));
    expect(lock.packages[''].devDependencies).toEqual(manifest.devDependencies);
    expect(lock.packages[''].dependencies).toEqual(manifest.dependencies);
    // The compiler's types come from the extension's own folder, not from the checkout's node_modules.
    expect(JSON.parse(fs.readFileSync(path.join(EXTENSION, 'tsconfig.json'), 'utf8')).compilerOptions.types).toEqual(['node', 'vscode']);
  });

  it.skipIf(!INSTALLED && !REQUIRED)('builds a .vsix with vsce that holds the bundled client and no sources', () => {
    expect(INSTALLED, 'RABBITMQ4_VSIX_REQUIRED=1 but editors/vscode has no node_modules: run `npm ci --prefix editors/vscode`').toBe(true);
    const vsix = path.join(EXTENSION, 'rabbitmq4-codemod-vscode.vsix');
    fs.rmSync(vsix, { force: true });
    fs.rmSync(path.join(EXTENSION, 'out'), { recursive: true, force: true });
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
    const r = spawnSync('npm', ['run', 'package'], { cwd: EXTENSION, encoding: 'utf8', env });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    // vsce prints its warnings (no repository, no license, ...) as WARNING lines.
    expect(r.stdout + r.stderr).not.toMatch(/WARNING/);
    const entries = zipEntries(vsix).sort();
    expect(entries).toEqual(['[Content_Types].xml', 'extension.vsixmanifest', 'extension/LICENSE.txt', 'extension/out/extension.js', 'extension/package.json', 'extension/readme.md']);
    // The client is bundled: it needs nothing but VS Code's API and Node's modules.
    const client = fs.readFileSync(path.join(EXTENSION, 'out', 'extension.js'), 'utf8');
    const required = new Set([...client.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]));
    const builtins = new Set(require('node:module').builtinModules as string[]);
    for (const id of required) expect(id === 'vscode' || builtins.has(id.replace(/^node:/, '')), id).toBe(true);
    expect(client).toContain('rabbitmq4-codemod.serverPath');
  });
});

describe('the server the extension starts', () => {
  const files = (...present: string[]) => (p: string) => present.includes(p);

  it('is the setting, else the workspace install, else the PATH', () => {
    expect(findServer('/opt/rmq4/bin/rabbitmq4-codemod', { folders: ['/w'], platform: 'linux', isFile: files('/opt/rmq4/bin/rabbitmq4-codemod') })).toEqual({ command: '/opt/rmq4/bin/rabbitmq4-codemod', source: 'setting' });
    const both = files('/w2/node_modules/.bin/rabbitmq4-codemod', '/usr/local/bin/rabbitmq4-codemod');
    expect(findServer('', { folders: ['/w1', '/w2'], platform: 'linux', envPath: '/usr/bin:/usr/local/bin', isFile: both })).toEqual({ command: '/w2/node_modules/.bin/rabbitmq4-codemod', source: 'workspace' });
    expect(findServer('', { folders: ['/w1'], platform: 'linux', envPath: '/usr/bin:/usr/local/bin', isFile: both })).toEqual({ command: '/usr/local/bin/rabbitmq4-codemod', source: 'path' });
    expect(findServer('', { folders: ['C:\\w'], platform: 'win32', envPath: '', isFile: files('C:\\w\\node_modules\\.bin\\rabbitmq4-codemod.cmd') })).toEqual({ command: 'C:\\w\\node_modules\\.bin\\rabbitmq4-codemod.cmd', source: 'workspace' });
  });

  it('is nothing, with an error that says what to install, when there is none (never npx)', () => {
    const missing = findServer('', { folders: ['/w'], platform: 'linux', envPath: '/usr/bin', isFile: () => false });
    expect(missing).toEqual({
      error: 'The rabbitmq4-codemod language server is not installed: no rabbitmq4-codemod executable in /w/node_modules/.bin or on the PATH. Install it in the project (npm install --save-dev rabbitmq4-codemod), or set rabbitmq4-codemod.serverPath.',
    });
    expect(findServer('/nope/rabbitmq4-codemod', { folders: ['/w'], platform: 'linux', isFile: () => false })).toMatchObject({ error: expect.stringContaining('rabbitmq4-codemod.serverPath names /nope/rabbitmq4-codemod, which does not exist') });
    expect(fs.readFileSync(path.join(EXTENSION, 'src', 'extension.ts'), 'utf8')).not.toMatch(/npx/);
  });
});

describe('the editor recipes (editors/README.md)', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'editors', 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]);

  it('start the project\'s own binary or `npx --no-install`, never a plain npx that may download a package', () => {
    const npx = blocks.flatMap((b) => b.split('\n')).filter((line) => /\bnpx\b/.test(line) && !/^\s*(#|--|\/\/)/.test(line));
    expect(npx.length).toBeGreaterThan(0);
    for (const line of npx) {
      // The argument after npx: a shell word, or the next element of a Lua/TOML list.
      const next = /\bnpx\b['"]?\s*(?:,\s*|\]\s*\n?\s*args\s*=\s*\[)?\s*['"]?([^'"\s,\]]+)/.exec(line);
      if (/command\s*=\s*"npx"/.test(line)) continue; // Helix: the args line is checked below
      expect(next?.[1], line).toBe('--no-install');
    }
    expect(readme).toContain('command = "npx"\nargs = ["--no-install", "rabbitmq4-codemod", "lsp", "--stdio"]');
    expect(readme).toContain('format!("{}/node_modules/.bin/rabbitmq4-codemod", worktree.root_path())');
  });
});
