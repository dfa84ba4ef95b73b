// Bundles the language server into the extension (server/), so that the .vsix works in a workspace that
// installs nothing: the repository's built CLI (../../dist/bundle, run as ../../bin runs it) with its dependencies in one
// file, run by VS Code's own Node. Two packages stay files of their own beside it: @babel/parser, which the
// engine loads by its own require (copied to server/node_modules), and oxc-parser, whose native binding is
// per platform (left out: the engine then parses with @babel/parser, as on a platform without the binding).
// MIGRATION.md is copied to the extension's root, where the server's rule links point (two folders up).
import { buildSync } from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const EXTENSION = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO = path.join(EXTENSION, '..', '..');
const SERVER = path.join(EXTENSION, 'server');

if (!fs.existsSync(path.join(REPO, 'dist', 'bundle', 'cli.js'))) {
  console.error('bundle-server: the repository is not built (no dist/bundle/cli.js): run `npm ci` (or `npm run build`) in the repository root first');
  process.exit(2);
}
fs.rmSync(SERVER, { recursive: true, force: true });
// bin/rabbitmq4-codemod loads the bundle by a path it computes (to compile it with V8's code cache), which
// esbuild cannot follow: the server's entry requires the bundle by name and runs it as bin/ does.
buildSync({
  stdin: {
    contents: "require('./bin/run-cli.js').runCli(require('./dist/bundle/cli.js').main);",
    resolveDir: REPO,
    sourcefile: 'rabbitmq4-codemod-server.js',
  },
  outfile: path.join(SERVER, 'bundle', 'rabbitmq4-codemod.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  loader: { '': 'js' },
  external: ['oxc-parser', '@babel/parser'],
  logLevel: 'warning',
});
const babel = path.join(REPO, 'node_modules', '@babel', 'parser');
const copy = path.join(SERVER, 'node_modules', '@babel', 'parser');
for (const file of ['package.json', 'LICENSE', path.join('lib', 'index.js')]) {
  fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  fs.copyFileSync(path.join(babel, file), path.join(copy, file));
}
fs.copyFileSync(path.join(REPO, 'MIGRATION.md'), path.join(EXTENSION, 'MIGRATION.md'));
console.log(`bundle-server: server/bundle/rabbitmq4-codemod.js (${Math.round(fs.statSync(path.join(SERVER, 'bundle', 'rabbitmq4-codemod.js')).size / 1024)} kB), @babel/parser ${JSON.parse(fs.readFileSync(path.join(copy, 'package.json'), 'utf8')).version}, MIGRATION.md`);
