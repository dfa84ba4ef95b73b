// Restores the real-code set: each repository of bench/real-code/repos/*.json checked out at its pinned
// commit under bench/real-code/checkouts/, from the local snapshot store the fetch tool fills.
//   node bench/real-code/restore.mjs [owner/name ...]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const MIRROR = process.env.RABBITMQ4_REAL_CODE_MIRROR ?? '/work/.mirror';
// RABBITMQ4_REAL_CODE_CHECKOUTS: another folder of checkouts (a copy, so that mutate.mjs, which edits the files it
// scans, can run while other runs read the shared set).
export const CHECKOUTS = process.env.RABBITMQ4_REAL_CODE_CHECKOUTS ? path.resolve(process.env.RABBITMQ4_REAL_CODE_CHECKOUTS) : path.join(here, 'checkouts');

/** Every pinned repository: its json file's contents plus where its checkout goes. */
export function pinnedRepos() {
  const dir = path.join(here, 'repos');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const spec = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      const slug = spec.repo.replace('/', '+');
      if (`${slug}.json` !== f) throw new Error(`${f}: its repo is ${spec.repo}, so the file must be ${slug}.json`);
      if (!/^[0-9a-f]{40}$/.test(spec.commit ?? '')) throw new Error(`${f}: commit must be 40 hex digits`);
      return { ...spec, slug, checkout: path.join(CHECKOUTS, slug) };
    });
}

const git = (args, cwd) => spawnSync('git', args, { cwd, encoding: 'utf8' });

/** Checks out one repository at its commit; 'restored', 'present' or why not. */
export function restore(spec) {
  const head = fs.existsSync(path.join(spec.checkout, '.git')) ? git(['rev-parse', 'HEAD'], spec.checkout).stdout.trim() : '';
  // A snapshot lacks files of 4 MiB and more: those show as deleted in a checkout that is otherwise as pinned.
  const changed = head === spec.commit ? git(['status', '--porcelain'], spec.checkout).stdout.split('\n').filter((l) => l && !l.startsWith(' D ')) : ['x'];
  if (changed.length === 0) return 'present';
  const mirror = path.join(MIRROR, spec.slug, 'repo');
  if (!fs.existsSync(mirror)) return `missing: no snapshot at ${mirror} (fetch github:${spec.repo})`;
  fs.rmSync(spec.checkout, { recursive: true, force: true });
  fs.mkdirSync(CHECKOUTS, { recursive: true });
  let r = git(['clone', '--quiet', '--no-checkout', mirror, spec.checkout]);
  if (r.status !== 0) return `failed: git clone: ${r.stderr.trim()}`;
  r = git(['-c', 'advice.detachedHead=false', 'checkout', '--quiet', spec.commit], spec.checkout);
  if (r.status !== 0) return `failed: the snapshot has no commit ${spec.commit} (${r.stderr.trim()})`;
  git(['config', 'user.email', 'bench@localhost'], spec.checkout);
  git(['config', 'user.name', 'bench'], spec.checkout);
  return 'restored';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  let missing = 0;
  for (const spec of pinnedRepos()) {
    if (only.length && !only.includes(spec.repo)) continue;
    const status = restore(spec);
    if (!['restored', 'present'].includes(status)) missing++;
    console.log(`${spec.repo.padEnd(60)} ${status}`);
  }
  if (missing) console.log(`${missing} repositories are not available here; the scores leave them out.`);
}
