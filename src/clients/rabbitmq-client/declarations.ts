// rabbitmq-client's queue declarations (queueDeclare, a consumer's queueOptions), every flag false by default.
import type * as t from '@babel/types';
import type { Node, ParsedFile } from '../../parse/ast';
import { defaulted, unknown, type QueueDeclaration, type Resolved } from '../../model';
import type { ObjectValue } from '../../resolve/values';
import { contextOf, type FileContext } from '../../resolve/file-context';
import { readQueueOptions, type QueueOptions, type QueueOptionsDialect, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { readString, type CallNode } from '../model-builders/resolved';
import { nestedOptions, optionProp, optionsOf, type Options } from '../model-builders/options';
import { callArgs, stringShape, subjectAt } from '../model-builders/call-parts';

export const LIBRARY = 'rabbitmq-client';

/**
 * rabbitmq-client's queue.declare params (src/codec.ts BITS encoder sets a bit only if truthy):
 * every flag defaults to false, x-arguments only in `arguments`, no promoted options.
 */
const DIALECT: QueueOptionsDialect = {
  library: LIBRARY,
  promoted: {},
  argumentsKey: 'arguments',
  defaults: { durable: false, exclusive: false, autoDelete: false },
  undefinedDurableIsDefault: false,
};

/** How a declaration is written, so that a fix can be rendered where its values come from. */
export type RabbitmqClientDeclarationSyntax =
  /** A params object (queueDeclare({...}), a createPublisher queues entry, a consumer's queueOptions). */
  | { form: 'params'; options: QueueOptionsSyntax; file: ParsedFile }
  /** `queueDeclare('jobs')`: the name alone, to be turned into a params object. */
  | { form: 'name'; arg: Node; file: ParsedFile }
  /** `queueDeclare()`: a server-named queue; params go at `at`. */
  | { form: 'none'; at: number; file: ParsedFile }
  /** `createConsumer({ queue })` without queueOptions: queueOptions go into the props object. */
  | { form: 'consumer-props'; props: ObjectValue };

function declaration(
  ctx: FileContext,
  call: CallNode,
  at: Node,
  name: Resolved<string>,
  options: QueueOptions,
  passive: boolean,
  syntax: RabbitmqClientDeclarationSyntax,
  extraReads: ObjectValue['reads'] = [],
  rebuild?: QueueDeclaration['rebuild'],
): QueueDeclaration {
  return {
    kind: 'queue-declaration',
    ...subjectAt(ctx, call, LIBRARY, at),
    name,
    durable: options.durable,
    exclusive: options.exclusive,
    autoDelete: options.autoDelete,
    passive,
    arguments: options.arguments,
    argumentsIncomplete: options.argumentsIncomplete,
    dependsOn: [...extraReads, ...options.dependsOn],
    syntax,
    ...(rebuild ? { rebuild } : {}),
  };
}

/**
 * The `queue` of a params object or consumer props: a server-named queue when it is left out
 * (for basicConsume: the last queue declared on the channel).
 */
export function queueNameOf(params: Options): Resolved<string> {
  const { prop, unknownReason } = optionProp(params, 'queue');
  if (unknownReason) return unknown(unknownReason, params.origin);
  if (!prop) return defaulted('', LIBRARY);
  return readString(prop.file, prop.value(), prop.file.span(prop.node));
}

function isPassive(params: Options): boolean {
  const v = params.object?.props.get('passive')?.value();
  return v?.kind === 'literal' && !!v.value;
}

/** `rabbit.queueDeclare(params | name?)` on a Connection (lazy channel) or a Channel. */
export function queueDeclareCall(ctx: FileContext, call: CallNode): QueueDeclaration {
  const { file, resolver } = ctx;
  const [arg] = callArgs(call);
  // Read again with the arguments of each call of a wrapper function that declares the queue.
  const rebuild = (other: object) => queueDeclareCall(other as FileContext, call);
  if (!arg) {
    const openParen = file.text.indexOf('(', call.callee.end ?? 0);
    const options = readQueueOptions(file, resolver, undefined, DIALECT);
    return declaration(ctx, call, call, defaulted('', LIBRARY), options, false, { form: 'none', at: openParen + 1, file }, [file.span(call)], rebuild);
  }
  const shape = stringShape(ctx, arg);
  if (shape.string) {
    const name = readString(file, resolver.resolve(arg), file.span(arg));
    return declaration(ctx, call, call, name, readQueueOptions(file, resolver, undefined, DIALECT), false, { form: 'name', arg, file }, [file.span(arg)], rebuild);
  }
  const params = optionsOf(ctx, arg, 'params');
  const options = readQueueOptions(file, resolver, arg, DIALECT);
  const name = params.unknownReason ? unknown<string>(params.unknownReason, params.origin, params.param) : queueNameOf(params);
  return declaration(ctx, call, call, name, options, isPassive(params), { form: 'params', options: options.syntax, file }, [], rebuild);
}

/**
 * `rabbit.createConsumer(props, handler)` always declares `{...props.queueOptions, queue: props.queue}`
 * (src/Consumer.ts); without queueOptions the queue is non-durable and non-exclusive.
 */
export function consumerQueueDeclaration(ctx: FileContext, call: CallNode): QueueDeclaration {
  const { file, resolver } = ctx;
  const [propsNode] = callArgs(call);
  const props = optionsOf(ctx, propsNode, 'consumer props');
  const rebuild = (other: object) => consumerQueueDeclaration(other as FileContext, call);
  const at = propsNode ?? call;
  const name = props.unknownReason ? unknown<string>(props.unknownReason, props.origin, props.param) : queueNameOf(props);
  const { prop, unknownReason } = optionProp(props, 'queueOptions');
  const reads = props.object?.reads ?? [];
  // queueOptions is read where it is written (it may come from a constant in another module).
  const home = prop && prop.node.type === 'ObjectProperty' ? contextOf(ctx, prop.file) : undefined;
  if (prop && home && prop.node.type === 'ObjectProperty') {
    const options = readQueueOptions(home.file, home.resolver, prop.node.value as t.Node, DIALECT);
    return declaration(ctx, call, at, name, options, isPassive(nestedOptions(prop, 'queueOptions')), { form: 'params', options: options.syntax, file: home.file }, reads, rebuild);
  }
  const reason = unknownReason ?? (prop ? 'queueOptions is not a plain property written in a module this analysis loaded' : undefined);
  if (reason || !props.object) {
    const why = reason ?? 'the consumer props are missing';
    const param = reason ? props.param : undefined;
    const options = readQueueOptions(file, resolver, undefined, DIALECT);
    const flags = { durable: unknown<boolean>(why, undefined, param), exclusive: unknown<boolean>(why, undefined, param), autoDelete: unknown<boolean>(why, undefined, param) };
    return declaration(ctx, call, at, name, { ...options, ...flags, argumentsIncomplete: why }, false, { form: 'params', options: { ...options.syntax, optionsUnknown: why }, file }, reads, rebuild);
  }
  return declaration(ctx, call, at, name, readQueueOptions(file, resolver, undefined, DIALECT), false, { form: 'consumer-props', props: props.object }, reads, rebuild);
}

/** `createPublisher({ queues: [...] })` / `createRPCClient({ queues })`: one declaration per entry. */
export function propsQueueDeclarations(ctx: FileContext, call: CallNode, props: Options): QueueDeclaration[] {
  const { file, resolver } = ctx;
  const { prop } = optionProp(props, 'queues');
  const list = prop?.value();
  if (list?.kind !== 'array') return [];
  const out: QueueDeclaration[] = [];
  for (const item of list.items) {
    // An entry written in another module (an imported array) is read in that module's context.
    const home = item.kind === 'object' ? contextOf(ctx, item.object.file) : undefined;
    if (item.kind === 'object' && home) {
      const entry: Options = { object: item.object };
      const options = readQueueOptions(home.file, home.resolver, item.object.node, DIALECT);
      // Reported at the entry when it is written in this file, else at the call.
      const at = home === ctx ? item.object.node : call;
      out.push(declaration(ctx, call, at, queueNameOf(entry), options, isPassive(entry), { form: 'params', options: options.syntax, file: home.file }));
    } else if (item.kind === 'unknown' || item.kind === 'object') {
      const why = item.kind === 'unknown' ? `the queues entry ${item.reason}` : 'the queues entry is written in a module this analysis did not load';
      const options = readQueueOptions(file, resolver, undefined, DIALECT);
      const flags = { durable: unknown<boolean>(why), exclusive: unknown<boolean>(why), autoDelete: unknown<boolean>(why) };
      out.push(declaration(ctx, call, call, unknown(why, item.kind === 'unknown' ? item.origin : undefined), { ...options, ...flags, argumentsIncomplete: why }, false, { form: 'params', options: { ...options.syntax, optionsUnknown: why }, file }));
    }
  }
  return out;
}
