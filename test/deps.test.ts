/** The dependency pipeline's parts: semver ranges, the manifest readers, discovery. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { admitsAtLeast, floorBelow, raiseRange, satisfies, type Version } from '../src/deps/semver';
import { lockedVersion, pnpmImporters } from '../src/deps/locked';
import { importedIn } from '../src/deps/imports';
import { modelManifest } from '../src/deps';
import { readYarnLock } from '../src/deps/yarn-lock';
import { readPnpmLock } from '../src/deps/pnpm-lock';
import { linesOf } from '../src/deps/lines';
import { discover } from '../src/discover';
import { FIXTURES } from './fixture-cases';
import { project } from './helpers';

const V0107: Version = [0, 10, 7];

describe('semver ranges', () => {
  it.each([
    ['^0.10.3', true],
    ['^0.10.7', true],
    ['~0.10.3', true],
    ['0.10.x', true],
    ['0.10', true],
    ['>=0.5.0', true],
    ['*', true],
    ['', true],
    ['x', true],
    ['^0.8.0', false],
    ['~0.8.0', false],
    ['0.10.3', false],
    ['0.10.6', false],
    ['<0.10.7', false],
    ['<=0.10.6', false],
    ['>=0.5.0 <0.10.7', false],
    ['>= 0.5.0 < 0.10.7', false],
    ['0.5.0 - 0.10.6', false],
    ['0.5.0 - 0.10', true],
    ['^0.4.0 || ^0.5.0', false],
    ['^0.4.0 || ^0.10.0', true],
    ['^0.9', false],
    ['^0', true],
    ['^0.0.3', false],
    ['0.x', true],
    ['>0.10.6', true],
    ['>0.10.7 <0.10.7', false],
    ['=0.10.3', false],
    ['v0.10.3', false],
  ])('%s admits 0.10.7 or later: %s', (range, expected) => {
    expect(admitsAtLeast(range, V0107)).toBe(expected);
  });

  it('cannot read tags, URLs, files, workspaces and aliases (undefined: never reported)', () => {
    for (const range of ['latest', 'next', 'github:amqp-node/amqplib#main', 'file:../amqplib', 'workspace:*', 'npm:amqplib@0.8.0', 'git+ssh://git@example.invalid/a.git']) {
      expect(admitsAtLeast(range, V0107), range).toBeUndefined();
    }
  });

  it('checks exact versions the way npm does', () => {
    expect(satisfies([0, 10, 9], '^0.10.3')).toBe(true);
    expect(satisfies([0, 11, 0], '^0.10.3')).toBe(false);
    expect(satisfies([5, 0, 3], '^4.6.0')).toBe(false);
    expect(satisfies([4, 9, 9], '^4.6.0')).toBe(true);
    expect(satisfies([0, 8, 9], '~0.8.0')).toBe(true);
  });

  it('raises a single-version range keeping its operator, and nothing else', () => {
    expect(raiseRange('^0.8.0', V0107)).toBe('^0.10.7');
    expect(raiseRange('~0.5.2', V0107)).toBe('~0.10.7');
    expect(raiseRange('0.10.3', V0107)).toBe('0.10.7');
    expect(raiseRange('=0.10.3', V0107)).toBe('=0.10.7');
    expect(raiseRange('v0.8.0', V0107)).toBe('v0.10.7');
    for (const range of ['<0.10.7', '>=0.5.0 <0.10.0', '0.8.x', '^0.4 || ^0.5', '0.5.0 - 0.8.0', '^0.8']) expect(raiseRange(range, V0107), range).toBeUndefined();
  });
});

describe('range floors', () => {
  it.each([
    ['^0.10.3', true],
    ['>=0.5.0', true],
    ['~0.10.5', true],
    ['^0.10.7', false],
    ['>=0.10.6', false],
    ['*', false],
    ['<0.11.0', false],
    ['^0.4.0 || ^0.10.7', true],
    ['latest', undefined],
  ])('%s starts below 0.10.6: %s', (range, expected) => {
    expect(floorBelow(range, [0, 10, 6])).toBe(expected);
  });
});

describe('what a lock file installs for a package.json', () => {
  const at = (files: Record<string, string>, pkg = 'package.json', range = '^0.10.3') => {
    const dir = project(files, { git: true });
    const r = lockedVersion(path.join(dir, pkg), 'amqplib', range);
    return r && { file: path.relative(dir, r.absolute), manifest: r.manifest, version: r.version };
  };
  const pkg = '{ "dependencies": { "amqplib": "^0.10.3" } }';

  it('package-lock.json v3 and v1 beside it, the hoisted copy; a lock that does not list it says so', () => {
    const v3 = '{ "lockfileVersion": 3, "packages": { "": {}, "node_modules/amqplib": { "version": "0.10.4" } } }';
    expect(at({ 'package.json': pkg, 'package-lock.json': v3 })).toEqual({ file: 'package-lock.json', manifest: 'package-lock.json', version: '0.10.4' });
    const v1 = '{ "lockfileVersion": 1, "dependencies": { "amqplib": { "version": "0.8.0" } } }';
    expect(at({ 'package.json': pkg, 'npm-shrinkwrap.json': v1 })).toEqual({ file: 'npm-shrinkwrap.json', manifest: 'package-lock.json', version: '0.8.0' });
    expect(at({ 'package.json': pkg, 'package-lock.json': '{ "lockfileVersion": 3, "packages": { "": {} } }' })).toEqual({ file: 'package-lock.json', manifest: 'package-lock.json', version: undefined });
    expect(at({ 'package.json': pkg })).toBeUndefined();
  });

  it("a workspace member: the root lock, the member's own copy before the hoisted one; a nested project that is no member has none", () => {
    const lock = JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'apps/api': {}, 'apps/api/node_modules/amqplib': { version: '0.8.0' }, 'node_modules/amqplib': { version: '0.10.9' }, 'apps/web': {} } });
    const files = { 'package.json': '{ "workspaces": ["apps/*"] }', 'package-lock.json': lock, 'apps/api/package.json': pkg, 'apps/web/package.json': pkg, 'tools/x/package.json': pkg };
    expect(at(files, 'apps/api/package.json')).toMatchObject({ file: 'package-lock.json', version: '0.8.0' });
    expect(at(files, 'apps/web/package.json')).toMatchObject({ version: '0.10.9' });
    expect(at(files, 'tools/x/package.json')).toBeUndefined();
  });

  it('yarn.lock by the descriptor the range asks for (Yarn 1 and 2+); above the package only for a workspace root', () => {
    const yarn1 = 'amqplib@^0.10.3, amqplib@^0.10.4:\n  version "0.10.4"\n';
    expect(at({ 'package.json': pkg, 'yarn.lock': yarn1 })).toEqual({ file: 'yarn.lock', manifest: 'yarn.lock', version: '0.10.4' });
    const berry = '__metadata:\n  version: 6\n\n"amqplib@npm:^0.10.3":\n  version: 0.10.5\n';
    expect(at({ 'package.json': pkg, 'yarn.lock': berry })).toMatchObject({ version: '0.10.5' });
    expect(at({ 'package.json': '{}', 'yarn.lock': yarn1, 'a/package.json': pkg }, 'a/package.json')).toBeUndefined();
    expect(at({ 'package.json': '{ "workspaces": ["a"] }', 'yarn.lock': yarn1, 'a/package.json': pkg }, 'a/package.json')).toMatchObject({ version: '0.10.4' });
  });

  it("bun.lock (JSONC): the workspace's own copy before the hoisted one; a directory that is no workspace has none", () => {
    const lock = `{
  "lockfileVersion": 1,
  // comments and trailing commas are bun's JSONC
  "workspaces": {
    "": { "name": "shop", },
    "apps/api": { "name": "@shop/api", "dependencies": { "amqplib": "^0.10.3", }, },
    "apps/web": { "name": "@shop/web", "dependencies": { "amqplib": "^0.10.3", }, },
  },
  "packages": {
    "@shop/api": ["@shop/api@workspace:apps/api"],
    "amqplib": ["amqplib@0.10.9", "", {}, "sha512-x"],
    "@shop/api/amqplib": ["amqplib@0.10.4", "", {}, "sha512-y"],
  },
}
`;
    const files = { 'package.json': '{ "workspaces": ["apps/*"] }', 'bun.lock': lock, 'apps/api/package.json': pkg, 'apps/web/package.json': pkg, 'tools/x/package.json': pkg };
    expect(at(files, 'apps/api/package.json')).toEqual({ file: 'bun.lock', manifest: 'bun.lock', version: '0.10.4' });
    expect(at(files, 'apps/web/package.json')).toMatchObject({ version: '0.10.9' });
    expect(at(files, 'tools/x/package.json')).toBeUndefined();
    expect(at({ 'package.json': pkg, 'bun.lock': lock })).toEqual({ file: 'bun.lock', manifest: 'bun.lock', version: '0.10.9' });
  });

  it('bun.lockb (binary) decides but cannot be read: found beside the package or at a workspace root, never decoded', () => {
    const dir = project({ 'package.json': '{ "workspaces": ["apps/*"] }', 'apps/api/package.json': pkg, 'tools/package.json': pkg });
    fs.writeFileSync(path.join(dir, 'bun.lockb'), Buffer.from([0x23, 0x21, 0x00, 0xff, 0xfe, 0x01]));
    fs.mkdirSync(path.join(dir, '.git'));
    const r = lockedVersion(path.join(dir, 'apps/api/package.json'), 'amqplib', '^0.10.3');
    expect(r && { file: path.relative(dir, r.absolute), manifest: r.manifest, version: r.version, unread: r.unread }).toEqual({ file: 'bun.lockb', manifest: 'bun.lockb', version: undefined, unread: 'it is binary' });
    expect(lockedVersion(path.join(dir, 'package.json'), 'amqplib', '^0.10.3')).toMatchObject({ manifest: 'bun.lockb', unread: 'it is binary' });
  });

  it('pnpm-lock.yaml importers (v9, v6 with specifiers, v5.4 inline) and a v5 single project, peer suffixes dropped', () => {
    const v9 = ['lockfileVersion: "9.0"', '', 'importers:', '', '  .:', '    dependencies:', '      amqplib:', '        specifier: ^0.10.3', '        version: 0.10.3', '  packages/api:', '    devDependencies:', "      '@cloudamqp/amqp-client':", '        specifier: ^3.1.1', '        version: 3.1.1(typescript@5.0.0)', ''].join('\n');
    expect([...pnpmImporters(v9)].map(([k, v]) => [k, [...v]])).toEqual([
      ['.', [['amqplib', '0.10.3']]],
      ['packages/api', [['@cloudamqp/amqp-client', '3.1.1']]],
    ]);
    const v54 = ['lockfileVersion: 5.4', 'importers:', '  .:', '    specifiers:', '      amqplib: ^0.8.0', '    dependencies:', '      amqplib: 0.8.0_abc', ''].join('\n');
    expect([...pnpmImporters(v54).get('.')!]).toEqual([['amqplib', '0.8.0']]);
    const v5 = ['lockfileVersion: 5.3', 'specifiers:', '  amqplib: ^0.8.0', 'dependencies:', '  amqplib: 0.8.0', 'packages:', '  /amqplib/0.8.0:', '    dev: false', ''].join('\n');
    expect(at({ 'package.json': pkg, 'pnpm-lock.yaml': v5 })).toEqual({ file: 'pnpm-lock.yaml', manifest: 'pnpm-lock.yaml', version: '0.8.0' });
  });
});

describe('whether a package imports a client', () => {
  it('require, import, import() and subpaths, or a library that loads it; not node_modules, comments of other words, or a nested project with its own lock', () => {
    const has = (files: Record<string, string>) => importedIn(project(files), ['amqplib', 'amqp-connection-manager']).imported;
    expect(has({ 'src/a.js': "const amqp = require('amqplib');" })).toBe(true);
    expect(has({ 'src/a.ts': "import type { Channel } from 'amqplib/properties';" })).toBe(true);
    expect(has({ 'a.mjs': "const m = await import('amqp-connection-manager');" })).toBe(true);
    expect(has({ 'a.ts': "import 'amqplib';" })).toBe(true);
    expect(has({ 'a.ts': "import x from 'amqplib-extra';", 'node_modules/y/index.js': "require('amqplib')" })).toBe(false);
    expect(has({ 'a.d.ts': "import { Channel } from 'amqplib';" })).toBe(false);
    expect(has({ 'svc/package-lock.json': '{}', 'svc/index.js': "require('amqplib')" })).toBe(false);
    expect(has({ 'svc/package.json': '{}', 'svc/index.js': "require('amqplib')" })).toBe(true);
  });

  it("a nested package that installs its own copy (its own lock file, Bun's too, or outside a workspace its own dependency) does not load the root's", () => {
    const facts = (files: Record<string, string>) => importedIn(project(files), ['amqplib']);
    const svc = JSON.stringify({ name: 'svc', dependencies: { amqplib: '^0.10.7' } });
    expect(facts({ 'svc/bun.lock': '{}', 'svc/index.js': "require('amqplib')" }).imported).toBe(false);
    expect(facts({ 'svc/bun.lockb': 'binary', 'svc/index.js': "require('amqplib')" }).imported).toBe(false);
    expect(facts({ 'package.json': '{}', 'svc/package.json': svc, 'svc/index.js': "require('amqplib')" })).toEqual({ imported: false, ownCopies: ['svc'] });
    expect(facts({ 'package.json': '{}', 'svc/package.json': svc, 'svc/bun.lock': '{}', 'svc/index.js': "require('amqplib')" })).toEqual({ imported: false, ownCopies: ['svc'] });
    // A workspace's packages share the root's node_modules: the root copy is the one they load.
    expect(facts({ 'package.json': JSON.stringify({ workspaces: ['svc'] }), 'svc/package.json': svc, 'svc/index.js': "require('amqplib')" })).toEqual({ imported: true, ownCopies: [] });
    // A nested package.json that does not require it resolves the root's copy.
    expect(facts({ 'package.json': '{}', 'svc/package.json': '{"name":"svc"}', 'svc/index.js': "require('amqplib')" }).imported).toBe(true);
  });
});

const pinsOf = (rel: string) => {
  const text = fs.readFileSync(path.join(FIXTURES, 'client-frame-max', rel), 'utf8');
  const m = modelManifest(path.basename(rel), text);
  if (!m.ok) throw new Error(m.error.message);
  return m.pins.map((p) => ({ name: p.client, at: text.slice(p.at.start, p.at.end), callee: p.callee, range: p.range, version: p.version, requiredBy: p.requiredBy }));
};

describe('manifest readers', () => {
  it('package.json: the watched packages in every dependency section, at the range text; @types/amqplib is not amqplib', () => {
    expect(pinsOf('npm-package-json.input/package.json')).toEqual([
      { name: 'amqplib', at: '^0.8.0', callee: 'dependencies["amqplib"]', range: '^0.8.0', version: undefined, requiredBy: [] },
      { name: 'rabbitmq-client', at: '^4.6.0', callee: 'devDependencies["rabbitmq-client"]', range: '^4.6.0', version: undefined, requiredBy: [] },
    ]);
    expect(pinsOf('npm-package-json.input/packages/exact/package.json').map((p) => p.callee)).toEqual(['optionalDependencies["amqplib"]', 'peerDependencies["rabbitmq-client"]']);
  });

  it('package-lock.json v3: hoisted and nested copies, each with the packages that resolve to it', () => {
    expect(pinsOf('npm-lock-v3.input/package-lock.json')).toEqual([
      { name: 'amqplib', at: '0.4.2', callee: 'node_modules/amqp-ts/node_modules/amqplib', range: undefined, version: '0.4.2', requiredBy: [{ name: 'amqp-ts', range: '^0.4.2' }] },
      // The project asks for it itself (the root entry is not a package that requires it).
      { name: 'amqplib', at: '0.10.3', callee: 'node_modules/amqplib', range: undefined, version: '0.10.3', requiredBy: [] },
      { name: 'amqplib', at: '0.8.0', callee: 'node_modules/foo-foo-mq/node_modules/amqplib', range: undefined, version: '0.8.0', requiredBy: [{ name: 'foo-foo-mq', range: '~0.8.0' }] },
    ]);
  });

  it('package-lock.json v1: nested `dependencies` and `requires`', () => {
    expect(pinsOf('npm-lock-v1.input/package-lock.json').map((p) => [p.callee, p.version, p.requiredBy])).toEqual([
      ['node_modules/amqplib', '0.5.6', []],
      ['node_modules/jackrabbit/node_modules/amqplib', '0.4.2', [{ name: 'jackrabbit', range: '^0.4.0' }]],
      ['node_modules/rabbitmq-client', '4.2.0', []],
    ]);
  });

  it('yarn.lock v1 and Yarn 2+: one pin per resolved block, required by the blocks whose range it serves (not by workspaces)', () => {
    expect(pinsOf('yarn-v1.input/yarn.lock').map((p) => [p.callee, p.at, p.requiredBy])).toEqual([
      ['amqplib@^0.4.0', '0.4.2', [{ name: 'jackrabbit', range: '^0.4.0' }]],
      ['"amqplib@^0.8.0", amqplib@~0.8.0', '0.8.0', []],
      ['rabbitmq-client@^4.6.0', '4.6.0', []],
    ]);
    expect(pinsOf('yarn-berry.input/yarn.lock').map((p) => [p.callee, p.at, p.requiredBy])).toEqual([
      ['amqplib@npm:~0.8.0', '0.8.0', [{ name: 'foo-foo-mq', range: '~0.8.0' }]],
      ['amqplib@npm:^0.10.3', '0.10.4', []],
    ]);
  });

  it('pnpm-lock.yaml v6 and v9: package keys, with the snapshots that depend on each version', () => {
    expect(pinsOf('pnpm-v9.input/pnpm-lock.yaml').map((p) => [p.callee, p.at, p.requiredBy])).toEqual([
      ['amqplib@0.10.3', '0.10.3', []],
      ['amqplib@0.4.2', '0.4.2', [{ name: 'jackrabbit' }]],
    ]);
    expect(pinsOf('pnpm-v6.input/pnpm-lock.yaml').map((p) => [p.callee, p.at])).toEqual([['/rabbitmq-client@4.6.0', '4.6.0']]);
  });

  it('pnpm v5 keys (`/name/version`), scoped names and peer suffixes', () => {
    const text = ['lockfileVersion: 5.4', '', 'packages:', '', '  /amqplib/0.8.0:', '    dev: false', '', "  /@scope/amqp/1.0.0_amqplib@0.8.0:", '    dependencies:', '      amqplib: 0.8.0', ''].join('\n');
    expect(readPnpmLock(text).map((p) => [p.name, p.version, [...p.dependencies]])).toEqual([
      ['amqplib', '0.8.0', []],
      ['@scope/amqp', '1.0.0', [['amqplib', '0.8.0']]],
    ]);
  });

  it('bun.lock: hoisted, nested and workspace copies at the version inside `name@version`, each with the packages that resolve to it', () => {
    expect(pinsOf('bun-lock.input/bun.lock')).toEqual([
      { name: 'amqplib', at: '0.8.0', callee: 'packages["amqplib"]', range: undefined, version: '0.8.0', requiredBy: [] },
      { name: 'amqplib', at: '0.4.2', callee: 'packages["amqp-ts/amqplib"]', range: undefined, version: '0.4.2', requiredBy: [{ name: 'amqp-ts', range: '^0.4.2' }] },
    ]);
    expect(pinsOf('bun-lock-workspace-legal.input/bun.lock').map((p) => [p.callee, p.at, p.requiredBy])).toEqual([
      ['packages["amqplib"]', '0.10.9', []],
      ['packages["@shop/api/amqplib"]', '0.10.8', []],
    ]);
    // Not bun's JSONC: no pins, never a crash.
    expect(modelManifest('bun.lock', '{ "packages": ')).toMatchObject({ ok: false });
  });

  it('yarn.lock: scoped names and CRLF line ends', () => {
    const text = '"@scope/amqp@^1.0.0":\r\n  version "1.0.0"\r\n  dependencies:\r\n    amqplib "^0.5.0"\r\n';
    const [block] = readYarnLock(text);
    expect([block.name, block.version?.value, [...block.dependencies]]).toEqual(['@scope/amqp', '1.0.0', [['amqplib', '^0.5.0']]]);
    expect(text.slice(block.version!.start, block.version!.end)).toBe('1.0.0');
    expect(linesOf('a\r\nb\rc\n').map((l) => l.text)).toEqual(['a', 'b', 'c']);
  });

  it('reports a package.json that is not JSON as a parse error', () => {
    const m = modelManifest('package.json', '{ "dependencies": { "amqplib": "^0.8.0", } ');
    expect(m.ok).toBe(false);
  });
});

describe('discovery of dependency manifests', () => {
  it('finds package.json and the text lock files (not the binary bun.lockb), never under node_modules, honouring .gitignore and --exclude', () => {
    const dir = project({
      '.gitignore': 'ignored/\n',
      'package.json': '{}',
      'package-lock.json': '{}',
      'yarn.lock': '',
      'pnpm-lock.yaml': '',
      'bun.lock': '{}',
      'bun.lockb': '#!/usr/bin/env bun\n',
      'tsconfig.json': '{}',
      'src/a.ts': 'export {};\n',
      'packages/app/package.json': '{}',
      'excluded/package.json': '{}',
      'ignored/package.json': '{}',
      'node_modules/amqplib/package.json': '{}',
      'packages/app/node_modules/amqplib/package.json': '{}',
    });
    fs.mkdirSync(path.join(dir, '.git'));
    const found = discover(['.'], { cwd: dir, exclude: ['excluded/'] }).files.map((f) => f.relative);
    expect(found).toEqual(['bun.lock', 'package-lock.json', 'package.json', 'packages/app/package.json', 'pnpm-lock.yaml', 'src/a.ts', 'yarn.lock']);
  });
});
