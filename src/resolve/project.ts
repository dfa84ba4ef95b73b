// The files of one analysis, parsed on demand, and imported values resolved across them.
import * as path from 'node:path';
import type { FileContext } from './file-context';
import type { Node } from '../parse/ast';
import { findExport, isFunctionLike } from './exports';
import type { SourceHost } from '../index/module-resolution';
import type { ProjectIndex } from '../index/project-index';
import type { ProjectView, Value } from './contracts';
import { ObjectTracker } from './objects/tracker';
import type { ObjectShape } from './objects/shape';

const MAX_DEPTH = 8;

/**
 * The files of one analysis, parsed on demand: the analysed inputs, and any module an import leads
 * to (a constants module need not mention RabbitMQ to matter). Resolves imported values across files.
 */
export class Project implements ProjectView {
  private readonly contexts = new Map<string, FileContext | null>();
  /** The client libraries the project uses (named by a file or listed by a manifest). */
  libraries: ReadonlySet<string> = new Set();
  /** The libraries whose package the project names as a module (imported, required, a dependency): evidence for call shapes. */
  packages: ReadonlySet<string> = new Set();
  /** The library objects of the project, followed across its files. */
  readonly objects: ObjectTracker;

  constructor(
    /** The texts the analysis reads: the inputs' (an editor's unsaved ones), then the disk's. */
    readonly host: SourceHost,
    /** Every file of the project and its facts: imports, importers, who may call what. */
    readonly index: ProjectIndex,
    /** Parses a file into a context (undefined if it does not parse). */
    private readonly open: (absolute: string, text: string) => FileContext | undefined,
    shapes: readonly ObjectShape[] = [],
  ) {
    this.objects = new ObjectTracker(this, shapes);
  }

  /** The files that may call what a module exports: the module and the files that import it, directly or not (through barrels too). */
  callerFiles(absolute: string): string[] {
    return this.index.reachableFrom(absolute);
  }

  /** The project's files whose text writes a NestJS custom provider (`provide:`) or an inversify binding (`.bind(T).to(C)`). */
  providerFiles(): string[] {
    return this.index.files().filter((f) => f.facts.provides).map((f) => f.absolute);
  }

  /** The project's files that inject by token (`@Inject(TOKEN)`, `@inject(TOKEN)`): they may call a class they never import. */
  injectorFiles(): string[] {
    return this.index.files().filter((f) => f.facts.injects).map((f) => f.absolute);
  }

  /** Registers a context the engine already built for an input. */
  add(absolute: string, ctx: FileContext): void {
    this.contexts.set(absolute, ctx);
  }

  /** The context of a file already parsed (an input, or a module an import led to), without opening it. */
  opened(absolute: string): FileContext | undefined {
    return this.contexts.get(absolute) ?? undefined;
  }

  context(absolute: string): FileContext | undefined {
    if (!this.contexts.has(absolute)) {
      const text = this.host.read(absolute);
      this.contexts.set(absolute, text === undefined ? null : (this.open(absolute, text) ?? null));
    }
    return this.contexts.get(absolute) ?? undefined;
  }

  /** Every file parsed so far (inputs and modules loaded for imports). */
  loaded(): [string, FileContext][] {
    return [...this.contexts].filter((e): e is [string, FileContext] => e[1] !== null);
  }

  resolveSpecifier(fromAbsolute: string, specifier: string): string | undefined {
    return this.index.resolve(fromAbsolute, specifier);
  }

  /** The value of `import { name } from specifier` (name 'default' or '*' for default / namespace imports). */
  imported(fromAbsolute: string, specifier: string, name: string, depth = 0): Value {
    const target = this.resolveSpecifier(fromAbsolute, specifier);
    if (!target) {
      const what = specifier.startsWith('.') ? `'${specifier}', which cannot be found` : `the package '${specifier}'`;
      return { kind: 'unknown', reason: `is imported from ${what}` };
    }
    if (name === '*') return { kind: 'module', absolute: target };
    return this.exported(target, name, depth);
  }

  /** The value a module exports under `name`. */
  exported(absolute: string, name: string, depth = 0): Value {
    const ctx = this.context(absolute);
    const shown = path.basename(absolute);
    if (!ctx) return { kind: 'unknown', reason: `comes from ${shown}, which cannot be read or parsed` };
    if (depth > MAX_DEPTH) return { kind: 'unknown', reason: `is re-exported too many times (${shown})` };
    if (absolute.endsWith('.json')) {
      const doc = ctx.resolver.resolve((ctx.file.ast.program.body[0] as unknown as { expression: Node }).expression);
      return name === 'default' || name === '*' ? doc : ctx.resolver.member(doc, name, ctx.file.ast.program);
    }
    const target = findExport(ctx.file, name);
    switch (target.kind) {
      case 'local':
        return isFunctionLike(target.node) ? ctx.resolver.resolveDeclaration(target.node) : ctx.resolver.resolve(target.node);
      case 'member':
        return ctx.resolver.member(ctx.resolver.resolve(target.object), target.name, target.object);
      case 'reexport':
        return this.imported(absolute, target.specifier, target.name, depth + 1);
      case 'star':
        for (const spec of target.specifiers) {
          const v = this.imported(absolute, spec, name, depth + 1);
          if (!(v.kind === 'unknown' && v.notExported)) return v;
        }
        return { kind: 'unknown', reason: `'${name}' is not exported by ${shown}`, notExported: true };
    }
  }
}
