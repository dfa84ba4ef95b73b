// The per-file state every layer above parsing works with: the parsed file, its value resolver, and
// caches the clients share; and how to find that state for a file an import led to.
import type { ParsedFile } from '../parse/ast';
import type { FileContext } from './contracts';

export type { FileContext };

export function shared<T>(ctx: FileContext, key: string, make: () => T): T {
  let value = ctx.shared.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    ctx.shared.set(key, value);
  }
  return value;
}

/** The context of the file that holds a node: this file's, or another module's the resolver loaded. */
export function contextOf(ctx: FileContext, file: ParsedFile): FileContext | undefined {
  if (file === ctx.file) return ctx;
  return ctx.resolver.project?.loaded().find(([, c]) => c.file === file)?.[1];
}
