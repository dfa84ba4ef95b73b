// Library mode: a subject in a package's exported function, read as a caller that passes no options gets it.
import type * as t from '@babel/types';
import type { Consumer, Qos, QueueDeclaration, Resolved } from '../model';
import type { CallSiteBinding, FileContext, Resolver } from '../resolve/contracts';
import { exportedEntry } from '../resolve/exported-api';

type Expandable = QueueDeclaration | Consumer | Qos;

/** The site every library-mode reading shares: its consumers link to the prefetch calls read the same way. */
const LIBRARY_SITE = 'library-defaults';

/** A call of an exported function that passes nothing, and how outside code calls it (`Rabbit.createQueue()`). */
export interface LibraryCall {
  binding: Omit<CallSiteBinding, 'caller'>;
  entry: string;
}

/**
 * How a caller that passes nothing calls the module's API around `at` (a subject, or a call that reads it): the
 * innermost function around it that the module exports, or a public method of an exported class. Its parameters a
 * caller may leave out are undefined (so are the properties read from them), those with a default take it, and a
 * parameter typed as required stays the caller's; a method's class constructor is given nothing too (the method
 * reads the fields it sets). Callbacks inside it keep their own parameters. Undefined when no function around is API.
 */
export function libraryCall(ctx: FileContext, at: { start: number; end: number }): LibraryCall | undefined {
  for (const fn of ctx.file.functionsAround(at)) {
    const entry = exportedEntry(ctx, fn);
    if (!entry) continue;
    const ctor = constructorOf(ctx, fn);
    const made = ctor.length ? exportedEntry(ctx, ctor[0]) : undefined;
    return { binding: { fn, args: [], passesNothing: true, also: ctor.map((c) => ({ fn: c, args: [] })) }, entry: made ? `${made} and ${entry}` : entry };
  }
  return undefined;
}

/** `decl`, a subject of its own function (not one read at a call), as a caller of that exported function that passes nothing gets it. */
export function libraryDefaultsReading<S extends Expandable>(decl: S, ctx: FileContext): S | undefined {
  const call = decl.rebuild && !decl.via && decl.at.file === ctx.file.path ? libraryCall(ctx, decl.at) : undefined;
  return call && readAsLibrary(decl, ctx, ctx.resolver.withCallSite({ ...call.binding, caller: ctx.resolver }), call.entry);
}

/**
 * `decl` read again with `resolver` (its function's parameters given nothing, directly or through the calls that lead
 * to it). The queue's name stays the caller's: a caller always names the queue it means. What the reading does not
 * read again (an untraced receiver, its own channel, where it is placed) stays as the subject has it.
 */
export function readAsLibrary<S extends Expandable>(decl: S, home: FileContext, resolver: Resolver, entry: string): S | undefined {
  const read = (decl.rebuild as (ctx: object) => S)({ ...home, resolver });
  // Nothing the library's defaults settle (the values stay the caller's, or run time's): the subject as it is.
  if (!settles(decl, read)) return undefined;
  const { id, at, statementStart, callee } = decl;
  // Seen through its own function: a finding merges with those the function's callers get there (one finding, each call related).
  const via = decl.via ?? { callee: entry, declaredAt: at, declaredStatement: statementStart };
  return { ...decl, ...read, ...identity(decl), id, at, statementStart, callee, via, site: decl.site ?? LIBRARY_SITE, libraryDefaults: entry, rebuild: decl.rebuild };
}

/** Whether the reading settles a value the subject leaves unknown (what the rules judge: flags, arguments, ack, prefetch). */
function settles(before: Expandable, after: Expandable): boolean {
  const judged = (x: Expandable): (Resolved<unknown> | undefined)[] =>
    x.kind === 'queue-declaration'
      ? [x.durable, x.exclusive, x.autoDelete, ...x.arguments.map((a) => a.value)]
      : x.kind === 'consumer'
        ? [x.ack, x.prefetch, ...x.consumerArguments.map((a) => a.value)]
        : [x.count, x.global, x.runs];
  const was = judged(before);
  const now = judged(after);
  return was.length !== now.length || was.some((r, i) => r?.kind === 'unknown' && now[i]?.kind !== 'unknown');
}

/** The queue a caller names, kept as the caller's (unknown, from the parameter) rather than read as left out. */
function identity(decl: Expandable): Partial<Expandable> {
  if (decl.kind === 'queue-declaration') return decl.name.kind === 'unknown' ? { name: decl.name } : {};
  if (decl.kind === 'consumer') return decl.queue.kind === 'unknown' ? { queue: decl.queue } : {};
  return {};
}

/** The constructor of the class a method belongs to. */
function constructorOf(ctx: FileContext, fn: t.Function): t.Function[] {
  if (fn.type !== 'ClassMethod' || fn.kind === 'constructor') return [];
  const cls = ctx.file.enclosingClass(fn);
  const ctor = cls?.body.body.find((m): m is t.ClassMethod => m.type === 'ClassMethod' && m.kind === 'constructor');
  return ctor ? [ctor] : [];
}

/** What a finding read in library mode adds to its message. */
export function libraryDefaultsNote(entry: string): string {
  return `Judged for a caller of ${entry} that passes no options: the defaults the library itself sets`;
}
