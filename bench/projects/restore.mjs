// Restores the project benchmark's repository: typeorm at the commit bench/projects/typeorm.json pins,
// exported (no .git) from the local snapshot store the fetch tool fills, with the RabbitMQ probes of
// bench/projects/probes/ copied in at the pinned place; and, on request, N copies of that side by side.
// Its code is never committed: everything goes under bench/projects/checkouts/ (ignored by git). The
// checkout and the directory of copies are each made a repository of their own (an empty `git init`), so
// this repository's .gitignore does not govern them, as a user's checkout would not be governed.
//
//   node bench/projects/restore.mjs [--copies 10]     (a few seconds; ~32 MB per copy)
//
// Needs the snapshot: /work/.mirror/typeorm+typeorm/repo (fetch github:typeorm/typeorm), or
// RABBITMQ4_REAL_CODE_MIRROR=<dir> for another snapshot store.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const MIRROR = process.env.RABBITMQ4_REAL_CODE_MIRROR ?? '/work/.mirror';
export const CHECKOUTS = path.join(here, 'checkouts');
export const PROBES = path.join(here, 'probes');
/** The pin: repo, commit, and where the probes go and what they should find. */
export const PIN = JSON.parse(fs.readFileSync(path.join(here, 'typeorm.json'), 'utf8'));
const SLUG = PIN.repo.replace('/', '+');
/** typeorm with the probes in it. */
export const CHECKOUT = path.join(CHECKOUTS, SLUG);
/** The directory that holds the copies (copy-0, copy-1, ...). */
export const COPIES = path.join(CHECKOUTS, `${SLUG}-copies`);

/** The probe files, sorted, and a hash of them and of the pin: a checkout with another stamp is stale. */
function probeFiles() {
  return fs.readdirSync(PROBES).filter((f) => fs.statSync(path.join(PROBES, f)).isFile()).sort();
}
function stampOf(extra) {
  const h = createHash('sha256').update(JSON.stringify(PIN));
  for (const f of probeFiles()) h.update(f).update(fs.readFileSync(path.join(PROBES, f)));
  return JSON.stringify({ commit: PIN.commit, probes: h.digest('hex').slice(0, 16), ...extra });
}
const stampFile = (dir) => `${dir}.stamp.json`;
const fresh = (dir, stamp) => fs.existsSync(dir) && fs.existsSync(stampFile(dir)) && fs.readFileSync(stampFile(dir), 'utf8') === stamp;

function gitInit(dir) {
  const r = spawnSync('git', ['init', '--quiet', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git init ${dir}: ${r.stderr.trim()}`);
}

/** typeorm at its commit with the probes: 'present', 'restored', or throws saying why not. */
export function restoreCheckout() {
  const stamp = stampOf({});
  if (fresh(CHECKOUT, stamp)) return 'present';
  const mirror = path.join(MIRROR, SLUG, 'repo');
  if (!fs.existsSync(mirror)) throw new Error(`no snapshot at ${mirror} (fetch github:${PIN.repo})`);
  const tar = spawnSync('git', ['--git-dir', mirror, 'archive', '--format=tar', PIN.commit], { maxBuffer: 1 << 30 });
  if (tar.status !== 0) throw new Error(`git archive ${PIN.commit} in ${mirror}: ${String(tar.stderr).trim()}`);
  fs.rmSync(stampFile(CHECKOUT), { force: true });
  fs.rmSync(CHECKOUT, { recursive: true, force: true });
  fs.mkdirSync(CHECKOUT, { recursive: true });
  const x = spawnSync('tar', ['-x', '-C', CHECKOUT], { input: tar.stdout, maxBuffer: 1 << 20 });
  if (x.status !== 0) throw new Error(`tar -x into ${CHECKOUT}: ${String(x.stderr).trim()}`);
  const into = path.join(CHECKOUT, PIN.probes.into);
  if (fs.existsSync(into)) throw new Error(`${PIN.repo} at ${PIN.commit} already has ${PIN.probes.into}: pick another place for the probes`);
  fs.mkdirSync(into, { recursive: true });
  for (const f of probeFiles()) fs.copyFileSync(path.join(PROBES, f), path.join(into, f));
  gitInit(CHECKOUT);
  fs.writeFileSync(stampFile(CHECKOUT), stamp);
  return 'restored';
}

/** `n` copies of the checkout in COPIES/copy-<i>: 'present', 'restored', or throws. */
export function restoreCopies(n) {
  restoreCheckout();
  const stamp = stampOf({ copies: n });
  if (fresh(COPIES, stamp)) return 'present';
  fs.rmSync(stampFile(COPIES), { force: true });
  fs.rmSync(COPIES, { recursive: true, force: true });
  const notGit = (src) => path.basename(src) !== '.git';
  for (let i = 0; i < n; i++) fs.cpSync(CHECKOUT, path.join(COPIES, `copy-${i}`), { recursive: true, filter: notGit });
  gitInit(COPIES);
  fs.writeFileSync(stampFile(COPIES), stamp);
  return 'restored';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--copies');
  const copies = i >= 0 ? Number(process.argv[i + 1]) : 0;
  try {
    console.log(`${PIN.repo} at ${PIN.commit.slice(0, 12)} with the probes in ${PIN.probes.into}: ${restoreCheckout()} (${path.relative(process.cwd(), CHECKOUT)})`);
    if (copies > 0) console.log(`${copies} copies: ${restoreCopies(copies)} (${path.relative(process.cwd(), COPIES)})`);
  } catch (e) {
    console.error(`restore: ${e.message}`);
    process.exit(1);
  }
}
