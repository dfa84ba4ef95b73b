// Which inputs the engine parses, chosen by the project and not by one file's text: files that name a
// client library, files that import those (directly or through other modules of the project), and files
// with a client's call shapes in a project that uses one. A file with none of these is never parsed.
import * as path from 'node:path';
import { CLIENTS } from '../clients';
import { isJsonPath, looksLikeJsonConfig } from '../parse';
import { isDependencyManifest, mentionsWatchedPackage } from '../deps';
import { overlayHost, resolveRelative } from '../resolve/module-resolution';
import type { SourceInput } from './analyze';

/** Every client's `mentions` as one pattern: one pass over a file's text instead of one per client. */
const MENTIONS = CLIENTS.every((c) => c.mentions.flags.replace(/[gy]/g, '') === '') ? new RegExp(CLIENTS.map((c) => `(?:${c.mentions.source})`).join('|')) : undefined;

/** True if the file's text names a supported client at all. */
export function mentionsClient(text: string): boolean {
  return MENTIONS ? MENTIONS.test(text) : CLIENTS.some((c) => c.mentions.test(text));
}

/** A call the supported clients' objects make, on any receiver (`x.consume(`, `x.assertQueue(`, ...). */
const CALL_SHAPES = /\.\s*(?:assertQueue|assertExchange|bindQueue|consume|prefetch|qos|sendToQueue|publish|createChannel|createConfirmChannel|addSetup|basicConsume|basicQos|basicPublish|queueDeclare|createConsumer|createPublisher|subscribe)\s*\(/;

/** Module specifiers of imports, requires and dynamic imports, found in the text. */
export const SPECIFIER = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*(['"])([^'"\n]+)\1/g;

export interface Selection {
  /** By input: whether the engine parses it. */
  parse: boolean[];
  /** By input: whether it names a client (the others are parsed because of the project). */
  mentions: boolean[];
  /** The client libraries the project uses: named by a source file or listed by a manifest (client names). */
  libraries: Set<string>;
}

export function selectCandidates(inputs: SourceInput[], cwd: string, everything = false): Selection {
  // A manifest names the libraries the project uses (it is parsed only for the packages the dependency rules watch).
  const mentions = inputs.map((i) => !isJsonPath(i.path) || isDependencyManifest(i.path) ? mentionsClient(i.text) : false);
  const libraries = new Set<string>();
  inputs.forEach((input, i) => {
    if (mentions[i]) for (const c of CLIENTS) if (c.mentions.test(input.text)) libraries.add(c.name);
  });
  const parse = inputs.map((input, i) => everything || (isDependencyManifest(input.path) ? mentionsWatchedPackage(input.text) : isJsonPath(input.path) ? looksLikeJsonConfig(input.text) : mentions[i]));
  if (everything || libraries.size === 0) return { parse, mentions, libraries };
  const sources = inputs.map((input) => !isDependencyManifest(input.path) && !isJsonPath(input.path));
  // Files with a client's call shapes.
  inputs.forEach((input, i) => {
    if (sources[i] && !parse[i] && CALL_SHAPES.test(input.text)) parse[i] = true;
  });
  // Files that import a file that names a client, directly or through other inputs.
  for (const i of importersOf(inputs, cwd, sources, (i) => mentions[i] && sources[i])) parse[i] = true;
  return { parse, mentions, libraries };
}

/** The inputs that import (transitively) one of the inputs `seed` accepts, from the imports written in their text. */
function importersOf(inputs: SourceInput[], cwd: string, sources: boolean[], seed: (i: number) => boolean): number[] {
  const absolute = inputs.map((i) => i.absolute ?? path.resolve(cwd, i.path));
  const index = new Map(absolute.map((a, i) => [a, i]));
  // Only the inputs themselves: a module outside them is not analysed, so it cannot lead to one that is.
  const host = overlayHost(new Map(absolute.map((a, i) => [a, inputs[i].text])), undefined);
  const importers: number[][] = inputs.map(() => []);
  inputs.forEach((input, i) => {
    if (!sources[i]) return;
    SPECIFIER.lastIndex = 0;
    for (let m = SPECIFIER.exec(input.text); m; m = SPECIFIER.exec(input.text)) {
      const spec = m[2];
      if (!spec.startsWith('.')) continue;
      const target = resolveRelative(host, absolute[i], spec);
      const t = target === undefined ? undefined : index.get(target);
      if (t !== undefined && t !== i) importers[t].push(i);
    }
  });
  const reached = new Set<number>();
  const queue = inputs.map((_, i) => i).filter(seed);
  for (const i of queue) reached.add(i);
  while (queue.length) {
    const t = queue.pop()!;
    for (const i of importers[t]) {
      if (reached.has(i)) continue;
      reached.add(i);
      queue.push(i);
    }
  }
  return [...reached].filter((i) => !seed(i));
}
