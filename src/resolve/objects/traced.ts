// What the object tracker can say an expression is: a library object, or one of the project's own
// classes, instances, modules, object literals and functions through which library objects travel.
import type { ClassLike, ClassNode, FileContext, LibObject, Traced } from '../contracts';

export type { ClassLike, ClassNode, Traced };

export const lib = (obj: LibObject): Traced => ({ t: 'lib', obj });

/**
 * The place a node is written, as identities use it: `<file>#<offset>`. Identities across the project
 * hold a `#`; a client's own keys without one (`consumer:120`) mean something in one file only.
 */
export const placeKey = (ctx: FileContext, node: { start?: number | null }): string => `${ctx.file.path}#${node.start ?? 0}`;

/** Between a factory's object's key and the call that made one of them (see LibObject.perCall). */
const PER_CALL = '|call:';

/** The identity of the object a call of a factory that makes a new one on every call hands out at `call`. */
export const perCallKey = (key: string, ctx: FileContext, call: { start?: number | null }): string => `${key}${PER_CALL}${placeKey(ctx, call)}`;

/**
 * An identity and the ones it was made from, most specific first: `K|call:A` is one of the objects factory K makes,
 * so what is done to K inside the factory (a prefetch before it returns) holds for it, what another call's is, not.
 */
export function keyLineage(key: string): string[] {
  const out = [key];
  for (let i = key.lastIndexOf(PER_CALL); i > 0; i = key.lastIndexOf(PER_CALL, i - 1)) out.push(key.slice(0, i));
  return out;
}
