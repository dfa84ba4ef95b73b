// The package.json that `npm pack` and `npm publish` put in the tarball: the same, less the `prepare` script.
//
// `prepare` builds dist/ where a build is needed: in this checkout (`npm ci`) and for a git-URL install
// (npm runs a git dependency's prepare in its clone before packing it). An installed tarball never
// runs it, but npm 11 lists every dependency's prepare among the install scripts its allowScripts
// setting must approve, which would tell every user that installing the package builds something.
//
//   node scripts/pack-manifest.mjs strip     (prepack: build first, unless RABBITMQ4_CODEMOD_PREBUILT=1)
//   node scripts/pack-manifest.mjs restore   (postpack)
//
// package.json is replaced by rename, so whoever reads it meanwhile sees one version or the other.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = path.join(ROOT, 'package.json');
const BACKUP = path.join(ROOT, '.package.json.prepack');

function replace(text) {
  const tmp = `${MANIFEST}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, MANIFEST);
}

const command = process.argv[2];
if (command === 'strip') {
  if (process.env.RABBITMQ4_CODEMOD_PREBUILT !== '1') {
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  }
  // A backup left by a pack that failed is the real manifest: never overwrite it with a stripped one.
  const original = fs.existsSync(BACKUP) ? fs.readFileSync(BACKUP, 'utf8') : fs.readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(original);
  if (manifest.scripts?.prepare) {
    fs.writeFileSync(BACKUP, original);
    delete manifest.scripts.prepare;
    replace(`${JSON.stringify(manifest, null, 2)}\n`);
  }
} else if (command === 'restore') {
  if (fs.existsSync(BACKUP)) {
    replace(fs.readFileSync(BACKUP, 'utf8'));
    fs.rmSync(BACKUP);
  }
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
