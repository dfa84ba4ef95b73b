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
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUNDLED_SERVER, findServer } from '../editors/vscode/src/server-command';
import { ROOT } from './helpers';
import { LspSession } from './lsp/lsp-session';

const EXTENSION = path.join(ROOT, 'editors', 'vscode');
const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION, 'package.json'), 'utf8'));
const INSTALLED = fs.existsSync(path.join(EXTENSION, 'node_modules', '@vscode', 'vsce', 'package.json'));
const REQUIRED = process.env.RABBITMQ4_VSIX_REQUIRED === '1';

if (!INSTALLED && !REQUIRED) {
  console.warn('\n*** The .vsix build test is SKIPPED: editors/vscode has no node_modules (run `npm ci --prefix editors/vscode`). CI sets RABBITMQ4_VSIX_REQUIRED=1, which makes this a failure. ***\n');
}

/** The entries of a zip file (its central directory; a .vsix is a zip), each with its unpacked bytes. */
function unzip(file: string): Map<string, Buffer> {
  const buf = fs.readFileSync(file);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    // The local header: its own name and extra field lengths, then the data.
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + compressed);
    const bytes = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    expect(bytes.length, name).toBe(size);
    entries.set(name, bytes);
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

const zipEntries = (file: string) => [...unzip(file).keys()];

describe('the VS Code extension package', () => {
  it('has what vsce and the marketplace ask for: a license file, an icon, a .vscodeignore, its own devDependencies and lock file', () => {
    expect(manifest.license).toBe('MIT');
    expect(fs.readFileSync(path.join(EXTENSION, 'LICENSE'), 'utf8')).toBe(fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'));
    // No invented repository: scripts/package.mjs gives vsce the root package.json's, when it names one.
    expect(manifest.repository).toBeUndefined();
    expect(JSON.stringify(manifest)).not.toContain('example.invalid');
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

  it.skipIf(!INSTALLED && !REQUIRED)('builds a .vsix with vsce that holds the bundled client, its own language server and an icon, and no sources', async () => {
    expect(INSTALLED, 'RABBITMQ4_VSIX_REQUIRED=1 but editors/vscode has no node_modules: run `npm ci --prefix editors/vscode`').toBe(true);
    const vsix = path.join(EXTENSION, 'rabbitmq4-codemod-vscode.vsix');
    fs.rmSync(vsix, { force: true });
    fs.rmSync(path.join(EXTENSION, 'out'), { recursive: true, force: true });
    fs.rmSync(path.join(EXTENSION, 'server'), { recursive: true, force: true });
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
    const manifestBefore = fs.readFileSync(path.join(EXTENSION, 'package.json'), 'utf8');
    const r = spawnSync('npm', ['run', 'package'], { cwd: EXTENSION, encoding: 'utf8', env });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    // vsce prints its warnings (no repository, no license, ...) as WARNING lines.
    expect(r.stdout + r.stderr).not.toMatch(/WARNING/);
    // package.json is put back as it was.
    expect(fs.readFileSync(path.join(EXTENSION, 'package.json'), 'utf8')).toBe(manifestBefore);
    const zip = unzip(vsix);
    expect([...zip.keys()].sort()).toEqual([
      '[Content_Types].xml',
      'extension.vsixmanifest',
      'extension/LICENSE.txt',
      'extension/MIGRATION.md',
      'extension/icon.png',
      'extension/out/extension.js',
      'extension/package.json',
      'extension/readme.md',
      'extension/server/bundle/rabbitmq4-codemod.js',
      'extension/server/node_modules/@babel/parser/LICENSE',
      'extension/server/node_modules/@babel/parser/lib/index.js',
      'extension/server/node_modules/@babel/parser/package.json',
    ]);
    // The root package.json names no repository: the .vsix links none (no invented address), and shows the icon.
    const vsixManifest = zip.get('extension.vsixmanifest')!.toString('utf8');
    expect(vsixManifest).not.toMatch(/example\.invalid|Microsoft\.VisualStudio\.Services\.Links\.(Source|Repository)/);
    expect(vsixManifest).toContain('extension/icon.png');
    const packaged = JSON.parse(zip.get('extension/package.json')!.toString('utf8'));
    expect(packaged.repository).toBeUndefined();
    expect(packaged.icon).toBe('icon.png');
    expect(zip.get('extension/icon.png')!.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(zip.get('extension/icon.png')!.readUInt32BE(16)).toBe(128);
    // The client is bundled: it needs nothing but VS Code's API and Node's modules.
    const client = zip.get('extension/out/extension.js')!.toString('utf8');
    const required = new Set([...client.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]));
    const builtins = new Set(require('node:module').builtinModules as string[]);
    for (const id of required) expect(id === 'vscode' || builtins.has(id.replace(/^node:/, '')), id).toBe(true);
    expect(client).toContain('rabbitmq4-codemod.serverPath');

    // Unpacked, its server runs over stdio in a workspace that installs nothing (no package.json, no
    // node_modules; tsconfig paths need the TypeScript compiler, which the bundle holds) and publishes diagnostics.
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-vsix-'));
    for (const [name, bytes] of zip) {
      fs.mkdirSync(path.dirname(path.join(unpacked, name)), { recursive: true });
      fs.writeFileSync(path.join(unpacked, name), bytes);
    }
    const server = path.join(unpacked, 'extension', BUNDLED_SERVER);
    expect(findServer('', { folders: [], bundled: server, envPath: '' })).toEqual({ module: server, source: 'bundled' });
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-empty-workspace-'));
    fs.mkdirSync(path.join(workspace, 'src', 'lib'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'tsconfig.json'), '{ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } } }\n');
    fs.writeFileSync(path.join(workspace, 'src', 'lib', 'queues.ts'), 'export const JOBS = { durable: false };\n');
    const worker = "import amqp from 'amqplib';\nimport { JOBS } from '@lib/queues';\nexport async function start(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.assertQueue('jobs', JOBS);\n}\n";
    const session = await LspSession.start({ server, cwd: workspace, root: workspace });
    try {
      expect(session.initializeResult?.serverInfo?.name).toBe('rabbitmq4-codemod');
      const uri = pathToFileURL(path.join(workspace, 'src', 'worker.ts')).href;
      await session.open(uri, worker);
      const published = await session.diagnostics(uri, 1);
      const diagnostic = published.diagnostics.find((d) => d.code === 'transient-nonexclusive-queue');
      expect(diagnostic, JSON.stringify(published.diagnostics)).toBeDefined();
      expect(diagnostic!.message).toContain('src/lib/queues.ts:1');
      // Its rule link is the MIGRATION.md the .vsix holds.
      expect(diagnostic!.codeDescription?.href).toBe(`${pathToFileURL(path.join(unpacked, 'extension', 'MIGRATION.md')).href}#transient-nonexclusive-queue`);
      await session.shutdownAndExit();
      expect(await session.exitCode()).toBe(0);
    } finally {
      session.dispose();
      fs.rmSync(unpacked, { recursive: true, force: true });
      fs.rmSync(workspace, { recursive: true, force: true });
    }
  });
});

describe('the server the extension starts', () => {
  const files = (...present: string[]) => (p: string) => present.includes(p);
  const bundled = '/ext/server/bundle/rabbitmq4-codemod.js';

  it('is the setting, else the workspace install, else the server in the extension, else the PATH', () => {
    const everything = files('/opt/rmq4/bin/rabbitmq4-codemod', '/w2/node_modules/.bin/rabbitmq4-codemod', bundled, '/usr/local/bin/rabbitmq4-codemod');
    const lookup = { folders: ['/w1', '/w2'], bundled, platform: 'linux' as const, envPath: '/usr/bin:/usr/local/bin', isFile: everything };
    expect(findServer('/opt/rmq4/bin/rabbitmq4-codemod', lookup)).toEqual({ command: '/opt/rmq4/bin/rabbitmq4-codemod', source: 'setting' });
    // A command name in the setting is the user's to find on the PATH.
    expect(findServer('rabbitmq4-codemod', lookup)).toEqual({ command: 'rabbitmq4-codemod', source: 'setting' });
    // A workspace install (the version the project pins) wins over the extension's own server.
    expect(findServer('', lookup)).toEqual({ command: '/w2/node_modules/.bin/rabbitmq4-codemod', source: 'workspace' });
    // Nothing installed in the workspace: the extension's own server, even where one is on the PATH.
    expect(findServer('', { ...lookup, folders: ['/w1'] })).toEqual({ module: bundled, source: 'bundled' });
    expect(findServer('', { ...lookup, folders: [] })).toEqual({ module: bundled, source: 'bundled' });
    // A build of the extension without its server (a development build): the PATH.
    expect(findServer('', { ...lookup, folders: ['/w1'], bundled: undefined })).toEqual({ command: '/usr/local/bin/rabbitmq4-codemod', source: 'path' });
    expect(findServer('', { ...lookup, folders: ['/w1'], isFile: files('/usr/local/bin/rabbitmq4-codemod') })).toEqual({ command: '/usr/local/bin/rabbitmq4-codemod', source: 'path' });
    expect(findServer('', { folders: ['C:\\w'], bundled: 'C:\\ext\\server\\bundle\\rabbitmq4-codemod.js', platform: 'win32', envPath: '', isFile: files('C:\\w\\node_modules\\.bin\\rabbitmq4-codemod.cmd') })).toEqual({ command: 'C:\\w\\node_modules\\.bin\\rabbitmq4-codemod.cmd', source: 'workspace' });
    // The extension asks for the server where the .vsix puts it.
    expect(fs.readFileSync(path.join(EXTENSION, 'src', 'extension.ts'), 'utf8')).toContain('context.asAbsolutePath(BUNDLED_SERVER)');
    expect(fs.readFileSync(path.join(EXTENSION, 'scripts', 'bundle-server.mjs'), 'utf8')).toContain("path.join(SERVER, 'bundle', 'rabbitmq4-codemod.js')");
  });

  it('is nothing, with an error that says what to install, when there is none (never npx)', () => {
    const missing = findServer('', { folders: ['/w'], platform: 'linux', envPath: '/usr/bin', isFile: () => false });
    expect(missing).toEqual({
      error: 'The rabbitmq4-codemod language server is not installed: this build of the extension holds no server, and there is no rabbitmq4-codemod executable in /w/node_modules/.bin or on the PATH. Install it in the project (npm install --save-dev rabbitmq4-codemod), or set rabbitmq4-codemod.serverPath.',
    });
    expect(findServer('/nope/rabbitmq4-codemod', { folders: ['/w'], bundled, platform: 'linux', isFile: files(bundled) })).toMatchObject({ error: expect.stringContaining('rabbitmq4-codemod.serverPath names /nope/rabbitmq4-codemod, which does not exist') });
    expect(fs.readFileSync(path.join(EXTENSION, 'src', 'extension.ts'), 'utf8')).not.toMatch(/npx/);
  });
});

describe('the extension\'s settings', () => {
  it('contribute what editors/README.md documents, trace.server included', () => {
    const properties = manifest.contributes.configuration.properties as Record<string, { type: string; enum?: string[]; default: unknown }>;
    expect(Object.keys(properties).sort()).toEqual(['rabbitmq4-codemod.defaultQueueType', 'rabbitmq4-codemod.disabledRules', 'rabbitmq4-codemod.serverPath', 'rabbitmq4-codemod.target', 'rabbitmq4-codemod.trace.server']);
    expect(properties['rabbitmq4-codemod.defaultQueueType']).toMatchObject({ type: 'string', enum: ['classic', 'quorum', 'stream'], default: 'classic' });
    // vscode-languageclient reads `<client id>.trace.server`; the client id is the section.
    expect(properties['rabbitmq4-codemod.trace.server']).toMatchObject({ type: 'string', enum: ['off', 'messages', 'verbose'], default: 'off' });
    expect(fs.readFileSync(path.join(EXTENSION, 'src', 'extension.ts'), 'utf8')).toMatch(/const SECTION = 'rabbitmq4-codemod';[\s\S]*new LanguageClient\(SECTION,/);
    const docs = fs.readFileSync(path.join(ROOT, 'editors', 'README.md'), 'utf8') + fs.readFileSync(path.join(EXTENSION, 'README.md'), 'utf8');
    for (const key of Object.keys(properties)) expect(docs, key).toContain(key);
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
