// Exchange declarations, queue deletions and publish headers as the model holds them.
import type { Node } from '../../parse/ast';
import { defaulted, unknown, type ExchangeDeclaration, type Publish, type QueueDeletion, type Resolved } from '../../model';
import type { Value } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import { booleanOption, consumerArgumentsOf, optionProp, type Options } from './options';
import { subjectAt } from './call-parts';
import { readString, type CallNode } from './resolved';

/**
 * Model building blocks for exchange declarations, queue deletions and publish headers, shared by
 * every client that can declare exchanges, delete queues or set message headers.
 */

export interface ExchangeParts {
  name: Resolved<string>;
  type: Resolved<string>;
  durable: Resolved<boolean>;
  /** The exchange's arguments table as written (undefined if none). */
  args?: Value;
}

/** Where a subject is and how it is named: what every subject has besides its own facts. */
export type SubjectHead = Pick<ExchangeDeclaration, 'id' | 'client' | 'at' | 'statementStart' | 'callee'>;

/** An exchange declaration (a call, or an entry of a library's topology config). */
export function exchangeDeclaration(head: SubjectHead, parts: ExchangeParts, syntax: unknown): ExchangeDeclaration {
  return {
    kind: 'exchange-declaration',
    ...head,
    name: parts.name,
    type: parts.type,
    durable: parts.durable,
    arguments: consumerArgumentsOf(parts.args),
    syntax,
  };
}

/** An exchange declaration made by `call` (reported at `at`: the call, or a config entry). */
export function exchangeSubject(ctx: FileContext, call: CallNode, client: string, parts: ExchangeParts, at: Node = call): ExchangeDeclaration {
  return exchangeDeclaration(subjectAt(ctx, call, client, at), parts, { call });
}

/** The arguments table of an options object (`{ arguments: { ... } }`). */
export function argumentsTable(options: Options): Value | undefined {
  return optionProp(options, 'arguments').prop?.value();
}

/** A queue.delete made by `call`, with `ifUnused` / `ifEmpty` read from its options (both default to false). */
export function queueDeletionSubject(ctx: FileContext, call: CallNode, client: string, queue: Resolved<string>, options: Options, library: string): QueueDeletion {
  return {
    kind: 'queue-deletion',
    ...subjectAt(ctx, call, client),
    queue,
    ifUnused: booleanOption(options, 'ifUnused', false, library),
    ifEmpty: booleanOption(options, 'ifEmpty', false, library),
    syntax: { call },
  };
}

/** The message headers an options object writes out (`{ headers: { 'x-delay': 5000 } }`), if any. */
export function publishHeaders(options: Options): Publish['headers'] {
  const headers = optionProp(options, 'headers').prop?.value();
  return headers?.kind === 'object' ? consumerArgumentsOf(headers) : undefined;
}

/** A string argument, or the library's default when the code leaves it out. */
export function stringArg(ctx: FileContext, node: Node | undefined, fallback: string, library: string): Resolved<string> {
  return node ? readString(ctx.file, ctx.resolver.resolve(node), ctx.file.span(node)) : defaulted(fallback, library);
}

/** A string option, or the library's default when absent (unknown if the options are). */
export function stringOption(options: Options, key: string, fallback: string, library: string): Resolved<string> {
  const { prop, unknownReason } = optionProp(options, key);
  if (unknownReason) return unknown(unknownReason, options.origin);
  if (!prop) return defaulted(fallback, library);
  return readString(prop.file, prop.value(), prop.file.span(prop.node));
}
