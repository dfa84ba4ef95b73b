// Which files the engine parses, chosen by the project index and not by one file's text alone: files that
// name a client library, files that import those (directly or through other modules of the project), and
// files with a client's call shapes in a project that uses one. A file with none of these is never parsed.
import { CLIENTS } from '../clients';
import { isJsonPath, looksLikeJsonConfig } from '../parse';
import { isDependencyManifest, mentionsWatchedPackage } from '../deps';
import { extractFacts, type FactPatterns, type FileFacts, type KindChecks } from '../index/facts';
import { sourceFactsOfBytes } from '../index/byte-facts';
import type { ProjectIndex } from '../index/project-index';
import { INJECT_TEXT, PROVIDER_TEXT } from '../resolve/objects/providers';

/** Every client's `mentions` as one pattern: one pass over a file's text instead of one per client. */
const MENTIONS = new RegExp(CLIENTS.map((c) => `(?:${c.mentions.source})`).join('|'));

/** True if the file's text names a supported client at all. */
export function mentionsClient(text: string): boolean {
  return MENTIONS.test(text);
}

/**
 * A call the supported clients' objects make, on any receiver (`x.consume(`, `x.assertQueue(`, `x.queue(`, ...): every
 * method of the clients' APIs as they declare them (`ObjectShape.api`, the recognition ladder's data), and the calls
 * that hand out their objects (`addSetup`).
 */
const CALL_METHODS = [...new Set(['addSetup', ...CLIENTS.flatMap((c) => c.shapes ?? []).flatMap((s) => s.api?.shapes ?? []).map((a) => a.method)])];
const CALL_SHAPES = new RegExp(`\\.\\s*(?:${CALL_METHODS.join('|')})\\s*\\(`);
const PREFETCH_CALL = /\.\s*(?:prefetch|qos)\s*\(/;

/** What the index looks for in each file's text, from the clients' own patterns. */
export const FACT_PATTERNS: FactPatterns = {
  any: MENTIONS,
  clients: CLIENTS.map((c) => ({ name: c.name, mentions: c.mentions })),
  packages: CLIENTS.flatMap((c) => c.shapes ?? []).map((s) => ({ library: s.library, source: s.source })),
  callShapes: CALL_SHAPES,
  prefetch: PREFETCH_CALL,
  provides: PROVIDER_TEXT,
  injects: INJECT_TEXT,
};

const KIND_CHECKS: KindChecks = {
  kindOf: (p) => (isDependencyManifest(p) ? 'manifest' : isJsonPath(p) ? 'json' : 'source'),
  // A manifest is parsed only for the packages the dependency rules watch; a JSON file only as a client configuration.
  wanted: (_p, kind, text) => (kind === 'manifest' ? mentionsWatchedPackage(text) : looksLikeJsonConfig(text)),
};

/** The facts of one file's text, as the index keeps them. */
export function factsOf(filePath: string, text: string): FileFacts {
  return extractFacts(filePath, text, FACT_PATTERNS, KIND_CHECKS);
}

/**
 * The facts of a file from its bytes (valid UTF-8), exactly as `factsOf` reads them from its text: without
 * decoding it when it is a source file in which no client's name, call shape, provider or injection can
 * be written (index/byte-facts.ts); else from its text, decoded by `text`, with only the patterns it may match.
 */
export function factsOfBytes(filePath: string, buf: Buffer, length: number, text: () => string): { facts: FileFacts; text?: string } {
  if (KIND_CHECKS.kindOf(filePath) !== 'source') {
    const decoded = text();
    return { facts: factsOf(filePath, decoded), text: decoded };
  }
  const read = sourceFactsOfBytes(buf, length, FACT_PATTERNS);
  if ('facts' in read) return read;
  const decoded = text();
  return { facts: extractFacts(filePath, decoded, FACT_PATTERNS, KIND_CHECKS, read.may), text: decoded };
}

export interface Selection {
  /** The files (absolute) the engine parses. */
  parse: Set<string>;
  /** The client libraries the project uses: named by a source file or listed by a manifest (client names). */
  libraries: Set<string>;
  /** The libraries whose package the project names as a module: imported, required or listed as a dependency. */
  packages: Set<string>;
  /** The first place a file sets a prefetch on an amqplib-family channel (`x.prefetch(`, `x.qos(`), as `file:line`. */
  prefetchAt?: string;
}

export function selectCandidates(index: ProjectIndex, everything = false): Selection {
  const files = index.files();
  const parse = new Set<string>();
  const libraries = new Set<string>();
  const packages = new Set<string>();
  let prefetchAt: string | undefined;
  for (const f of files) {
    for (const m of f.facts.mentions) libraries.add(m);
    for (const p of f.facts.packages) packages.add(p);
    if (prefetchAt === undefined && f.facts.prefetchLine !== undefined) prefetchAt = `${f.path}:${f.facts.prefetchLine}`;
    if (everything || (f.facts.kind === 'source' ? f.facts.mentions.length > 0 : f.facts.wanted)) parse.add(f.absolute);
  }
  if (everything || libraries.size === 0) return { parse, libraries, packages, prefetchAt };
  const sources = files.filter((f) => f.facts.kind === 'source');
  // Files with a client's call shapes.
  for (const f of sources) if (f.facts.callShapes) parse.add(f.absolute);
  // Files that import a file that names a client, directly or through other files.
  for (const f of index.importersOfAll(sources.filter((f) => f.facts.mentions.length > 0).map((f) => f.absolute))) parse.add(f);
  return { parse, libraries, packages, prefetchAt };
}
