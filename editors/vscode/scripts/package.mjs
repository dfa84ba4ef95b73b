// `npm run package`: the .vsix, with the server bundled (scripts/bundle-server.mjs). Its repository link is the
// repository's package.json `repository` (the one place the public address is written), given to vsce for the
// run and put back after; where that names none, the .vsix has no repository link rather than an invented one.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const EXTENSION = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = path.join(EXTENSION, 'package.json');
const OUT = 'rabbitmq4-codemod-vscode.vsix';

const original = fs.readFileSync(MANIFEST, 'utf8');
const repository = JSON.parse(fs.readFileSync(path.join(EXTENSION, '..', '..', 'package.json'), 'utf8')).repository;
const url = typeof repository === 'string' ? repository : repository?.url;
const vsce = path.join(EXTENSION, 'node_modules', '.bin', process.platform === 'win32' ? 'vsce.cmd' : 'vsce');
const args = ['package', '--no-dependencies', '--out', OUT];
try {
  if (url) {
    const manifest = JSON.parse(original);
    manifest.repository = { type: 'git', url, directory: 'editors/vscode' };
    fs.writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  } else {
    args.push('--allow-missing-repository');
  }
  execFileSync(vsce, args, { cwd: EXTENSION, stdio: 'inherit', shell: process.platform === 'win32' });
} finally {
  fs.writeFileSync(MANIFEST, original);
}
