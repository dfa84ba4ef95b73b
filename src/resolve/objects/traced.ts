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
