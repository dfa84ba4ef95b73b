// The object-API family's objects in one file (rabbitmq-client, @cloudamqp/amqp-client), as the
// project-level tracker sees them, in each library's own kinds.
import type * as t from '@babel/types';
import type { Node } from '../../parse/ast';
import type { Recognition } from '../../model';
import { receiverAt } from '../model-builders/receivers';
import type { FileContext } from '../../resolve/file-context';
import type { LibObject } from '../../resolve/objects/shape';

/**
 * What an expression is in one client library. `key` identifies one channel (or other stateful
 * object) across the project; `handedIn` marks an object this file receives from elsewhere (a typed
 * parameter, or one made in another module), whose history (confirm mode, prefetch) this file cannot see.
 */
export interface TrackedKind {
  kind: string;
  key?: string;
  handedIn?: boolean;
  /** The module that makes it, when that is another module of the project (not a typed parameter): its setup can be read there. */
  made?: FileContext;
}

/** A library's kinds from the tracker's objects; `local`: the object is made in the file being analysed. */
export type KindOf<K extends TrackedKind> = (object: LibObject, local: boolean, ctx: FileContext) => K | undefined;

export class LibraryObjects<K extends TrackedKind> {
  constructor(
    private readonly ctx: FileContext,
    private readonly library: string,
    private readonly kindOfObject: KindOf<K>,
  ) {}

  kindOf(expr: Node): K | undefined {
    const o = this.ctx.resolver.project?.objects.of(expr, this.ctx);
    if (!o || o.library !== this.library) return undefined;
    return this.kindOfObject(o, o.origin.ctx.file === this.ctx.file, this.ctx);
  }

  /** What a method call's receiver is, by the recognition ladder (traced, else inferred from the call's shape), and how it was recognised. */
  kindAt(call: t.CallExpression | t.OptionalCallExpression): { kind: K; note: Recognition } | undefined {
    const found = receiverAt(this.ctx, call, this.library);
    const kind = found && this.kindOfObject(found.obj, found.obj.origin.ctx.file === this.ctx.file, this.ctx);
    return kind ? { kind, note: found.note } : undefined;
  }
}

/** The object's identity and whether this file sees where it was made. */
export function identity(object: LibObject, local: boolean): { key: string; handedIn?: boolean; made?: FileContext } {
  if (object.handedIn) return { key: object.key, handedIn: true };
  return local ? { key: object.key } : { key: object.key, handedIn: true, made: object.origin.ctx };
}
