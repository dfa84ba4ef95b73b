// The disk as module resolution sees it: one directory listing per folder instead of a stat per probe.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SourceHost } from './module-resolution';
import { lookedAt } from './probes';

interface Listing {
  files: Set<string>;
  directories: Set<string>;
  /** Symbolic links: what they point at is found out (and kept) when asked. */
  links: Map<string, 'file' | 'directory' | 'none' | undefined>;
}

/**
 * A listing a walk handed over, kept as one string until a question needs it (most folders of a large
 * project are never asked about): each entry's kind (f, d, l) and name, each ended by a NUL (which no name holds).
 */
type Seeded = { seeded: string; asked: number };

/**
 * Files on disk, with existence answered from directory listings: resolving `./x` tries up to ~20
 * names (`x.ts`, `x/index.js`, ...), and a listing read once per folder answers them all without a
 * system call each. A discovery walk hands its listings over (`seed`); a folder it did not walk is
 * read on first use. `forget` drops a folder after a change on disk (a created or deleted file).
 */
export class FileSystemView implements SourceHost {
  private readonly listings = new Map<string, Listing | Seeded | null>();
  /** Every file read through the view (what a cached result must be checked against), once asked to keep them. */
  reads?: Set<string>;

  read(absolute: string): string | undefined {
    // A missing file costs an exception to find out by reading; the listing knows for free.
    this.reads?.add(absolute);
    if (!this.exists(absolute)) return undefined;
    lookedAt(absolute);
    try {
      return fs.readFileSync(absolute, 'utf8');
    } catch {
      return undefined;
    }
  }

  exists(absolute: string): boolean {
    const name = path.basename(absolute);
    const seeded = this.seededHas(path.dirname(absolute), name);
    if (seeded !== undefined) return seeded === 'f';
    const listing = this.listing(path.dirname(absolute));
    if (!listing) return false;
    if (listing.files.has(name)) return true;
    return listing.links.has(name) && this.linkKind(listing, absolute, name) === 'file';
  }

  isDirectory(absolute: string): boolean {
    const name = path.basename(absolute);
    const seeded = this.seededHas(path.dirname(absolute), name);
    if (seeded !== undefined) return seeded === 'd';
    const listing = this.listing(path.dirname(absolute));
    if (!listing) return false;
    if (listing.directories.has(name)) return true;
    return listing.links.has(name) && this.linkKind(listing, absolute, name) === 'directory';
  }

  /**
   * A folder still kept as the walk's string, asked about a few times (most folders are asked whether they hold a
   * tsconfig.json or a .git, once): the kind of `name` in it ('-' for none), found in the string; undefined when the
   * listing must be unpacked (asked often, or `name` is a link, whose target decides).
   */
  private seededHas(dir: string, name: string): 'f' | 'd' | '-' | undefined {
    const listing = this.listings.get(dir);
    if (!listing || !('seeded' in listing) || ++listing.asked > 8) return undefined;
    const { seeded } = listing;
    for (const kind of ['f', 'd', 'l'] as const) {
      const entry = `${kind}${name}\0`;
      if (seeded.startsWith(entry) || seeded.includes(`\0${entry}`)) return kind === 'l' ? undefined : kind;
    }
    return '-';
  }

  /** A folder's entries as a walk read them. */
  seed(dir: string, entries: readonly fs.Dirent[]): void {
    let seeded = '';
    for (const e of entries) {
      const kind = e.isFile() ? 'f' : e.isDirectory() ? 'd' : e.isSymbolicLink() ? 'l' : '';
      if (kind) seeded += `${kind}${e.name}\0`;
    }
    this.listings.set(dir, { seeded, asked: 0 });
  }

  /** A folder changed on disk: read it again when next asked. */
  forget(dir: string): void {
    this.listings.delete(dir);
  }

  private listing(dir: string): Listing | null {
    let listing = this.listings.get(dir);
    if (listing && 'seeded' in listing) {
      listing = unpack(listing.seeded);
      this.listings.set(dir, listing);
    }
    if (listing === undefined) {
      lookedAt(dir);
      try {
        listing = listingOf(fs.readdirSync(dir, { withFileTypes: true }));
      } catch {
        listing = null;
      }
      this.listings.set(dir, listing);
    }
    return listing;
  }

  private linkKind(listing: Listing, absolute: string, name: string): 'file' | 'directory' | 'none' {
    let kind = listing.links.get(name);
    if (kind === undefined) {
      lookedAt(absolute);
      try {
        const st = fs.statSync(absolute);
        kind = st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'none';
      } catch {
        kind = 'none';
      }
      listing.links.set(name, kind);
    }
    return kind;
  }
}

function listingOf(entries: readonly fs.Dirent[]): Listing {
  const out: Listing = { files: new Set(), directories: new Set(), links: new Map() };
  for (const e of entries) {
    if (e.isFile()) out.files.add(e.name);
    else if (e.isDirectory()) out.directories.add(e.name);
    else if (e.isSymbolicLink()) out.links.set(e.name, undefined);
  }
  return out;
}

function unpack(seeded: string): Listing {
  const out: Listing = { files: new Set(), directories: new Set(), links: new Map() };
  for (let at = 0; at < seeded.length; ) {
    const end = seeded.indexOf('\0', at);
    const name = seeded.slice(at + 1, end);
    const kind = seeded[at];
    if (kind === 'f') out.files.add(name);
    else if (kind === 'd') out.directories.add(name);
    else out.links.set(name, undefined);
    at = end + 1;
  }
  return out;
}
