// @cloudamqp/amqp-client's queue declarations, whose defaults depend on the queue's name.
import { isFunction, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import { defaulted, unknown, type QueueDeclaration, type QueueFlag, type Resolved } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { readQueueOptions, type QueueOptions, type QueueOptionsDialect, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { readString, type CallNode } from '../model-builders/resolved';
import { callArgs, stringShape, subjectAt } from '../model-builders/call-parts';

export const LIBRARY = '@cloudamqp/amqp-client';

type Flags = Record<QueueFlag, boolean>;

/**
 * `queueDeclare(name = "", { passive = false, durable = name !== "", autoDelete = name === "",
 * exclusive = name === "" } = {}, args = {})` (src/amqp-channel.ts): the defaults depend on the name.
 */
const NAMED: Flags = { durable: true, exclusive: false, autoDelete: false };
const SERVER_NAMED: Flags = { durable: false, exclusive: true, autoDelete: true };

/** x-arguments: a third positional table (channel API), or `arguments` in v4 session.queue options. */
const CHANNEL_DIALECT: QueueOptionsDialect = { library: LIBRARY, promoted: {}, defaults: NAMED, undefinedDurableIsDefault: true };
const SESSION_DIALECT: QueueOptionsDialect = { ...CHANNEL_DIALECT, argumentsKey: 'arguments' };

/** The queue name and whether it is empty: '' and a missing name are server-named. */
function nameOf(ctx: FileContext, node: Node | undefined): { name: Resolved<string>; empty?: boolean } {
  if (!node) return { name: defaulted('', LIBRARY), empty: true };
  const value = ctx.resolver.resolve(node);
  const name = readString(ctx.file, value, ctx.file.span(node));
  if (name.kind === 'known') return { name, empty: name.value === '' };
  // `process.env.STREAM_NAME || 'events'`: truthy whatever it is, a string that is never empty.
  const nonEmpty = (value.kind === 'unknown' && value.truthy) || stringShape(ctx, node).nonEmpty;
  return { name, empty: nonEmpty ? false : undefined };
}

/**
 * Reads the params with the defaults for this name. Each default applies when its key is
 * undefined; when the name may or may not be empty, a left-out flag on which the two cases
 * disagree is unknown.
 */
function readWithNameDefaults(ctx: FileContext, call: CallNode, nameNode: Node | undefined, params: Node | undefined, args: Node | undefined, dialect: QueueOptionsDialect): { name: Resolved<string>; options: QueueOptions } {
  const { file, resolver } = ctx;
  const { name, empty } = nameOf(ctx, nameNode);
  const openParen = file.text.indexOf('(', call.callee.end ?? 0);
  const addOptions: QueueOptionsSyntax['addOptions'] = nameNode ? { at: nameNode.end ?? 0, prefix: ', ', suffix: '' } : { at: openParen + 1, prefix: "'', ", suffix: '' };
  const options = readQueueOptions(file, resolver, params, dialect, { addOptions, argumentsNode: args, defaults: empty ? SERVER_NAMED : NAMED });
  for (const flag of ['durable', 'exclusive', 'autoDelete'] as const) {
    const prop = options.syntax.flags[flag];
    const v = prop?.value();
    // `{ exclusive: undefined }` takes the destructuring default, like a left-out key.
    if (v?.kind === 'literal' && v.value === undefined) options[flag] = defaulted((empty ? SERVER_NAMED : NAMED)[flag], LIBRARY);
    if (empty === undefined && options[flag].kind === 'default' && NAMED[flag] !== SERVER_NAMED[flag]) {
      const what = nameNode ? `\`${file.source(nameNode)}\`` : 'the name';
      options[flag] = unknown(`${LIBRARY} defaults ${flag} to ${NAMED[flag]} for a named queue and to ${SERVER_NAMED[flag]} for a server-named one, and ${what} may be empty`);
    }
  }
  return { name, options };
}

function passiveOf(ctx: FileContext, params: Node | undefined): boolean {
  if (!params) return false;
  const v = ctx.resolver.resolve(params);
  const p = v.kind === 'object' ? v.object.props.get('passive')?.value() : undefined;
  return p?.kind === 'literal' && !!p.value;
}

/** What the renderer needs: the options as read, in the file that holds the call. */
export interface CloudamqpDeclarationSyntax {
  options: QueueOptionsSyntax;
  file: ParsedFile;
  call: CallNode;
  /** The positional x-arguments table (channel API), if the call passes one. */
  argsNode?: Node;
}

function declaration(ctx: FileContext, call: CallNode, name: Resolved<string>, options: QueueOptions, passive: boolean, rebuild: QueueDeclaration['rebuild'], argsNode?: Node): QueueDeclaration {
  return {
    kind: 'queue-declaration',
    ...subjectAt(ctx, call, LIBRARY),
    name,
    durable: options.durable,
    exclusive: options.exclusive,
    autoDelete: options.autoDelete,
    passive,
    arguments: options.arguments,
    argumentsIncomplete: options.argumentsIncomplete,
    dependsOn: options.dependsOn,
    syntax: { options: options.syntax, file: ctx.file, call, argsNode } satisfies CloudamqpDeclarationSyntax,
    rebuild,
  };
}

/** `ch.queueDeclare(name, params, args)` and v2/v3 `ch.queue(name, params, args)`. */
export function channelQueueDeclaration(ctx: FileContext, call: CallNode): QueueDeclaration {
  const [nameNode, params, args] = callArgs(call);
  const paramsNode = params && !isFunction(unwrap(params)) ? params : undefined;
  const { name, options } = readWithNameDefaults(ctx, call, nameNode, paramsNode, args, CHANNEL_DIALECT);
  return declaration(ctx, call, name, options, passiveOf(ctx, paramsNode), (other) => channelQueueDeclaration(other as FileContext, call), args);
}

/** v4 `session.queue(name, { durable, exclusive, autoDelete, passive, arguments })` (src/amqp-session.ts). */
export function sessionQueueDeclaration(ctx: FileContext, call: CallNode): QueueDeclaration {
  const [nameNode, params] = callArgs(call);
  const { name, options } = readWithNameDefaults(ctx, call, nameNode, params, undefined, SESSION_DIALECT);
  return declaration(ctx, call, name, options, passiveOf(ctx, params), (other) => sessionQueueDeclaration(other as FileContext, call));
}
