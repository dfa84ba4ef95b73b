// Library objects and project classes named by types: TypeScript annotations (`ch: Channel`,
// `amqp.ConfirmChannel`, `import('amqplib').Channel`, `Promise<Channel>` for returns) and JSDoc.
import type * as t from '@babel/types';
import { typeReferenceName } from '../../parse/ast';
import type { Located } from './shape';
import type { Traced } from './traced';
import type { ObjectTracking as ObjectTracker } from '../contracts';

export class TypeNames {
  constructor(private readonly tracker: ObjectTracker) {}

  /**
   * What an annotation names: a library object received at `received` (it is handed in), or an
   * instance of a project class (dependency injection). `Promise<T>` is T.
   */
  annotation(annotation: t.Identifier['typeAnnotation'] | null | undefined, at: Located, received: string): Traced | undefined {
    if (!annotation || annotation.type !== 'TSTypeAnnotation') return undefined;
    return this.type(annotation.typeAnnotation, at, received);
  }

  /** What a type argument names (`container.get<RabbitMqService>(TOKEN)`): only a project class's instance. */
  typeArgument(type: t.TSType, at: Located, received: string): Traced | undefined {
    const v = this.type(type, at, received);
    return v?.t === 'instance' ? v : undefined;
  }

  private type(type: t.TSType, at: Located, received: string, depth = 0): Traced | undefined {
    if (type.type === 'TSUnionType') {
      for (const member of type.types) {
        const v = this.type(member, at, received, depth);
        if (v) return v;
      }
      return undefined;
    }
    if (type.type === 'TSImportType') {
      // Babel 7 gives the specifier as a StringLiteral (Babel 8: a TSLiteralType around one).
      const arg = type.argument as unknown as { type: string; value?: string; literal?: { value?: string } };
      const source = arg.type === 'TSLiteralType' ? arg.literal?.value : arg.value;
      const q = type.qualifier;
      return source && q?.type === 'Identifier' ? this.named(source, q.name, at, received) : undefined;
    }
    // typeof import('./rabbit'): that module's namespace.
    if (type.type === 'TSTypeQuery' && type.exprName.type === 'TSImportType') return this.importType(type.exprName, at);
    if (type.type !== 'TSTypeReference') return undefined;
    const named = typeReferenceName(type);
    if (!named) return undefined;
    // A promise of an object is followed as the object (the code awaits it before using it).
    if (!named.qualifier && named.local === 'Promise') {
      const inner = type.typeParameters?.params[0];
      return inner ? this.type(inner, at, received, depth) : undefined;
    }
    const b = at.ctx.resolver.scopes.lookup(named.qualifier ?? named.local, at.node);
    if (!b) {
      // A type alias of the file (`type Rabbit = typeof import('./rabbit')`): what it stands for.
      const alias = named.qualifier ? undefined : typeAlias(at, named.local);
      return alias && depth < 4 ? this.type(alias, at, received, depth + 1) : undefined;
    }
    if (named.qualifier) {
      // amqp.Channel: a namespace import or require of the library (or of a project module).
      const ns = b.kind === 'import' && b.importSource ? this.tracker.imported(b.importSource, b.importedName ?? 'default', at) : b.init ? this.tracker.trace(b.init, at.ctx) : undefined;
      if (ns?.t === 'lib') return this.libraryType(ns.obj.library, named.local, at, received);
      if (ns?.t === 'namespace') return this.instanceOf(this.tracker.exported(ns.absolute, named.local));
      return undefined;
    }
    if (b.kind === 'import' && b.importSource) return this.named(b.importSource, b.importedName ?? 'default', at, received);
    if (b.kind === 'class') return this.instanceOf({ t: 'class', cls: b.declaration as t.ClassDeclaration, ctx: at.ctx });
    return undefined;
  }

  private importType(type: t.TSImportType, at: Located): Traced | undefined {
    const arg = type.argument as unknown as { type: string; value?: string; literal?: { value?: string } };
    const source = arg.type === 'TSLiteralType' ? arg.literal?.value : arg.value;
    if (!source) return undefined;
    const ns = this.tracker.imported(source, '*', at);
    const q = type.qualifier;
    return ns && q?.type === 'Identifier' ? this.tracker.memberOf(ns, q.name, at.ctx, at.node) : ns;
  }

  /** `Name` imported from `source`: a library's type, or a project class. */
  private named(source: string, exported: string, at: Located, received: string): Traced | undefined {
    const shape = this.tracker.shapes.find((s) => s.source.test(source));
    if (shape) return this.libraryType(shape.library, exported, at, received);
    return this.instanceOf(this.tracker.imported(source, exported, at));
  }

  private libraryType(library: string, exported: string, at: Located, received: string): Traced | undefined {
    const shape = this.tracker.shapeOf(library);
    const kind = shape?.typed?.(exported, at);
    return kind && shape ? this.tracker.make(shape, { key: received, ...kind }, at, true) : undefined;
  }

  private instanceOf(v: Traced | undefined): Traced | undefined {
    return v?.t === 'class' ? { t: 'instance', cls: v.cls, ctx: v.ctx } : undefined;
  }

  /** A JSDoc type: `import('amqplib').Channel`, `amqp.Channel` (a namespace in scope) or a bare `Channel`. */
  jsdoc(text: string, at: Located, received: string): Traced | undefined {
    const m = /^(?:import\(\s*['"]([^'"]+)['"]\s*\)\.|([A-Za-z_$][\w$]*)\.)?([A-Za-z_$][\w$]*)$/.exec(text.trim());
    if (!m) return undefined;
    const [, source, qualifier, name] = m;
    if (source) return this.named(source, name, at, received);
    if (qualifier) {
      const b = at.ctx.resolver.scopes.lookup(qualifier, at.node);
      const ns = b?.kind === 'import' && b.importSource ? this.tracker.imported(b.importSource, '*', at) : b?.init ? this.tracker.trace(b.init, at.ctx) : undefined;
      return ns?.t === 'lib' ? this.libraryType(ns.obj.library, name, at, received) : undefined;
    }
    const bare = this.tracker.shapes.find((s) => s.bareJsdocTypes?.includes(name));
    return bare ? this.libraryType(bare.library, name, at, received) : undefined;
  }
}

/** The type a top-level `type Name = ...` of the file stands for. */
function typeAlias(at: Located, name: string): t.TSType | undefined {
  for (const stmt of at.ctx.file.ast.program.body) {
    const decl = stmt.type === 'ExportNamedDeclaration' ? stmt.declaration : stmt;
    if (decl?.type === 'TSTypeAliasDeclaration' && decl.id.name === name) return decl.typeAnnotation;
  }
  return undefined;
}
