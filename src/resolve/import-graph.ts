// The project's import graph as the inputs' text writes it (specifiers of imports, re-exports, requires
// and dynamic imports; bare ones through the project's aliases): which inputs import which, without parsing.
import { overlayHost, resolveRelative } from './module-resolution';

/** Module specifiers of imports, requires and dynamic imports, found in the text. */
export const SPECIFIER = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*(['"])([^'"\n]+)\1/g;

export class ImportGraph {
  private readonly index: Map<string, number>;
  private importers?: number[][];
  private readonly closures = new Map<number, string[]>();

  /** `sources`: by input, whether it is a source file whose imports count. */
  constructor(
    private readonly absolute: readonly string[],
    private readonly texts: readonly string[],
    private readonly sources: readonly boolean[] = absolute.map(() => true),
    /** Resolves a bare specifier that may lead into the project (tsconfig paths, module aliases). */
    private readonly resolveBare?: (fromAbsolute: string, specifier: string) => string | undefined,
  ) {
    this.index = new Map(absolute.map((a, i) => [a, i]));
  }

  /** For each input, the inputs that import it directly. */
  private directImporters(): number[][] {
    if (this.importers) return this.importers;
    // Only the inputs themselves: a module outside them is not analysed, so it cannot lead to one that is.
    const host = overlayHost(new Map(this.absolute.map((a, i) => [a, this.texts[i]])), undefined);
    const importers: number[][] = this.absolute.map(() => []);
    this.texts.forEach((text, i) => {
      if (!this.sources[i]) return;
      SPECIFIER.lastIndex = 0;
      for (let m = SPECIFIER.exec(text); m; m = SPECIFIER.exec(text)) {
        const target = m[2].startsWith('.') ? resolveRelative(host, this.absolute[i], m[2]) : this.resolveBare?.(this.absolute[i], m[2]);
        const t = target === undefined ? undefined : this.index.get(target);
        if (t !== undefined && t !== i && importers[t][importers[t].length - 1] !== i) importers[t].push(i);
      }
    });
    return (this.importers = importers);
  }

  /** The inputs that import any of `seeds`, directly or through other inputs (the seeds left out). */
  importersOfAll(seeds: readonly number[]): number[] {
    const importers = this.directImporters();
    const reached = new Set(seeds);
    const queue = [...seeds];
    while (queue.length) {
      const t = queue.pop()!;
      for (const i of importers[t]) {
        if (reached.has(i)) continue;
        reached.add(i);
        queue.push(i);
      }
    }
    for (const s of seeds) reached.delete(s);
    return [...reached];
  }

  /** The files that may call what `absolute` exports: it and every input that imports it, directly or not. */
  reachableFrom(absolute: string): string[] {
    const i = this.index.get(absolute);
    if (i === undefined) return [absolute];
    let files = this.closures.get(i);
    if (!files) this.closures.set(i, (files = [absolute, ...this.importersOfAll([i]).sort((a, b) => a - b).map((j) => this.absolute[j])]));
    return files;
  }
}
