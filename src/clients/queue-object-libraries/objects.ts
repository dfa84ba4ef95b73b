// The objects of the libraries with their own queue and exchange objects (amqp-ts, foo-foo-mq, jackrabbit,
// node-amqp): a compact way to describe them to the project-level tracker, and their objects in one file.
import { calleeMethod, isCall, type Node } from '../../parse/ast';
import type { FileContext } from '../../resolve/file-context';
import type { ObjectShape } from '../../resolve/objects/shape';
import type { ClientApi } from '../../resolve/contracts';
import type { Recognition } from '../../model';
import { receiverAt } from '../model-builders/receivers';

/**
 * A library whose objects are plain kinds in its own words ('connection', 'queue', ...): the kind of
 * its module, and which kind each member, constructor, factory call, method, callback and type gives.
 */
export interface KindTable {
  library: string;
  source: RegExp;
  module: string;
  member?(kind: string, name: string): string | undefined;
  construct?(kind: string): string | undefined;
  call?(kind: string): string | undefined;
  method?(kind: string, method: string): string | undefined;
  /** The kind of parameter `param` of a callback passed as argument `arg` to `x.method(...)`. */
  callbackParam?(kind: string, method: string, arg: number, param: number): string | undefined;
  typeName?(exported: string): string | undefined;
  /** Its calls as data, for receivers the tracker cannot follow (the recognition ladder's rung b). */
  api?: ClientApi;
}

const kind = (k: string | undefined) => (k ? { kind: k } : undefined);

/** The tracker's shape for a kind table. */
export function shapeOf(table: KindTable): ObjectShape {
  return {
    library: table.library,
    source: table.source,
    imported: (name) => (name === 'default' || name === '*' ? { kind: table.module } : kind(table.member?.(table.module, name))),
    member: (of, name) => kind(table.member?.(of.kind, name)),
    construct: (callee) => kind(table.construct?.(callee.kind)),
    call: (callee) => kind(table.call?.(callee.kind)),
    method: (target, method) => kind(table.method?.(target.kind, method)),
    callbackParam: (target, method, arg, param) => kind(table.callbackParam?.(target.kind, method, arg, param)),
    typed: (exported) => kind(table.typeName?.(exported)),
    ...(table.api ? { api: table.api } : {}),
  };
}

/** An object of the library: its kind, the expression that made it, and whether that is in another file. */
export interface Tracked {
  kind: string;
  /** The call, `new` or typed parameter the object comes from. */
  origin: Node;
  /** Made in another module: `origin` is a node of that module, not of the file being analysed. */
  foreign: boolean;
}

/** One library's objects in one file, as the project-level tracker follows them. */
export class LibraryObjects {
  constructor(
    private readonly ctx: FileContext,
    private readonly library: string,
  ) {}

  of(expr: Node): Tracked | undefined {
    const o = this.ctx.resolver.project?.objects.of(expr, this.ctx);
    if (!o || o.library !== this.library) return undefined;
    return { kind: o.kind, origin: o.origin.node, foreign: o.origin.ctx.file !== this.ctx.file };
  }

  kindOf(expr: Node): string | undefined {
    return this.of(expr)?.kind;
  }

  /**
   * `x.method(...)` on one of the library's objects, by the recognition ladder (traced, else inferred from the call's
   * shape): the receiver, the method name, and how the call was recognised.
   */
  methodCall(call: Node): { receiver: Tracked; method: string; note: Recognition } | undefined {
    if (!isCall(call)) return undefined;
    const m = calleeMethod(call);
    const found = m && receiverAt(this.ctx, call, this.library);
    if (!m || !found) return undefined;
    const o = found.obj;
    return { receiver: { kind: o.kind, origin: o.origin.node, foreign: o.origin.ctx.file !== this.ctx.file }, method: m.method, note: found.note };
  }
}
