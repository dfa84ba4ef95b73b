// Which inputs the engine parses, chosen by the project and not by one file's text: files that name a
// client library, files that import those (directly or through other modules of the project), and files
// with a client's call shapes in a project that uses one. A file with none of these is never parsed.
import * as path from 'node:path';
import { CLIENTS } from '../clients';
import { isJsonPath, looksLikeJsonConfig } from '../parse';
import { isDependencyManifest, mentionsWatchedPackage } from '../deps';
import { ImportGraph } from '../resolve/import-graph';
import { bareResolver } from '../resolve/bare-specifiers';
import { diskHost } from '../resolve/module-resolution';
import type { SourceInput } from './analyze';

/** Every client's `mentions` as one pattern: one pass over a file's text instead of one per client. */
const MENTIONS = CLIENTS.every((c) => c.mentions.flags.replace(/[gy]/g, '') === '') ? new RegExp(CLIENTS.map((c) => `(?:${c.mentions.source})`).join('|')) : undefined;

/** True if the file's text names a supported client at all. */
export function mentionsClient(text: string): boolean {
  return MENTIONS ? MENTIONS.test(text) : CLIENTS.some((c) => c.mentions.test(text));
}

/** A call the supported clients' objects make, on any receiver (`x.consume(`, `x.assertQueue(`, ...). */
const CALL_SHAPES = /\.\s*(?:assertQueue|assertExchange|bindQueue|consume|prefetch|qos|sendToQueue|publish|createChannel|createConfirmChannel|addSetup|basicConsume|basicQos|basicPublish|queueDeclare|createConsumer|createPublisher|subscribe)\s*\(/;

export interface Selection {
  /** By input: whether the engine parses it. */
  parse: boolean[];
  /** By input: whether it names a client (the others are parsed because of the project). */
  mentions: boolean[];
  /** The client libraries the project uses: named by a source file or listed by a manifest (client names). */
  libraries: Set<string>;
  /** The libraries whose package the project names as a module: imported, required or listed as a dependency. */
  packages: Set<string>;
  /** The first place an input sets a prefetch on an amqplib-family channel (`x.prefetch(`, `x.qos(`), as `file:line`. */
  prefetchAt?: string;
}

const PREFETCH_CALL = /\.\s*(?:prefetch|qos)\s*\(/;

/** Where the first input that sets a prefetch does so, as `file:line`. */
function firstPrefetch(inputs: SourceInput[], sources: boolean[]): string | undefined {
  for (const [i, input] of inputs.entries()) {
    const m = sources[i] ? PREFETCH_CALL.exec(input.text) : null;
    if (m) return `${input.path}:${input.text.slice(0, m.index).split('\n').length}`;
  }
  return undefined;
}

/** A quoted string: an import or require specifier, a manifest's dependency key. */
const QUOTED = /['"]([@\w][\w@./-]*)['"]/g;
const SHAPES = CLIENTS.flatMap((c) => c.shapes ?? []);

/** The libraries whose package `text` names as a module (by the shapes' module specifiers). */
function namedPackages(text: string, out: Set<string>): void {
  QUOTED.lastIndex = 0;
  for (let m = QUOTED.exec(text); m; m = QUOTED.exec(text)) for (const s of SHAPES) if (s.source.test(m[1])) out.add(s.library);
}

export function selectCandidates(inputs: SourceInput[], cwd: string, everything = false): Selection {
  // A manifest names the libraries the project uses (it is parsed only for the packages the dependency rules watch).
  const mentions = inputs.map((i) => !isJsonPath(i.path) || isDependencyManifest(i.path) ? mentionsClient(i.text) : false);
  const libraries = new Set<string>();
  const packages = new Set<string>();
  inputs.forEach((input, i) => {
    if (!mentions[i]) return;
    for (const c of CLIENTS) if (c.mentions.test(input.text)) libraries.add(c.name);
    namedPackages(input.text, packages);
  });
  const parse = inputs.map((input, i) => everything || (isDependencyManifest(input.path) ? mentionsWatchedPackage(input.text) : isJsonPath(input.path) ? looksLikeJsonConfig(input.text) : mentions[i]));
  const sources = inputs.map((input) => !isDependencyManifest(input.path) && !isJsonPath(input.path));
  const prefetchAt = firstPrefetch(inputs, sources);
  if (everything || libraries.size === 0) return { parse, mentions, libraries, packages, prefetchAt };
  // Files with a client's call shapes.
  inputs.forEach((input, i) => {
    if (sources[i] && !parse[i] && CALL_SHAPES.test(input.text)) parse[i] = true;
  });
  // Files that import a file that names a client, directly or through other inputs.
  for (const i of importersOf(inputs, cwd, sources, (i) => mentions[i] && sources[i])) parse[i] = true;
  return { parse, mentions, libraries, packages, prefetchAt };
}

/** The inputs that import (transitively) one of the inputs `seed` accepts, from the imports written in their text. */
function importersOf(inputs: SourceInput[], cwd: string, sources: boolean[], seed: (i: number) => boolean): number[] {
  const absolute = inputs.map((i) => i.absolute ?? path.resolve(cwd, i.path));
  const host = diskHost(new Map(absolute.map((a, i) => [a, inputs[i].text])));
  const graph = new ImportGraph(absolute, inputs.map((i) => i.text), sources, bareResolver(host));
  return graph.importersOfAll(inputs.map((_, i) => i).filter(seed));
}
