// `npm run prepare`: builds dist/ (npm run build), where npm runs prepare: `npm ci` in this checkout,
// and a git-URL install (npm clones the repository, installs its devDependencies, runs prepare, packs).
//
// A global install from git (`npm install -g git+...`, which is how pre-commit installs a node hook)
// does not install the devDependencies before prepare (npm/cli#8440), so the compiler is missing
// there. Then this installs them first, into this directory, without running scripts.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const shell = process.platform === 'win32';

function run(args, env = process.env) {
  const r = spawnSync(npm, args, { cwd: ROOT, stdio: 'inherit', env, shell });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const toolchain = ['typescript', 'esbuild'].every((dep) => fs.existsSync(path.join(ROOT, 'node_modules', dep, 'package.json')));
if (!toolchain) {
  console.error('rabbitmq4-codemod: the devDependencies are not installed here (a global install from git: npm/cli#8440); installing them to build');
  // The global install's settings reach this process as npm_config_* variables: drop the ones that would
  // send this install elsewhere or leave the devDependencies out.
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^npm_config_(global|location|prefix|omit|production|only|include)$/i.test(key)) delete env[key];
  run(['ci', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund'], env);
}
run(['run', 'build']);
