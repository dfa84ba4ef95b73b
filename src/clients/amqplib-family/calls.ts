// The amqplib channel calls (assertQueue, consume, prefetch, publish, ...) read into the model, for every
// library that hands out amqplib channels.
import type * as t from '@babel/types';
import { calleeMethod, isFunction, ownProperty, unwrap, type Node } from '../../parse/ast';
import { defaulted, known, unknown, type AckMode, type ConnectionOpen, type Consumer, type Publish, type PublishPacing, type QueueBinding, type QueueDeclaration, type Qos, type Resolved, runTimeMarks } from '../../model';
import { confirmOnlyLoop, isAwaitedCallTo, resultUse } from '../model-builders/call-context';
import { runsWhen } from '../model-builders/run-conditions';
import { connectionOpenAt } from '../model-builders/connection-open';
import { frameMaxOf } from '../model-builders/frame-max';
import { readAny, readBoolean, readString, type CallNode } from '../model-builders/resolved';
import { consumerArgumentsOf } from '../model-builders/options';
import { shared, type FileContext } from '../../resolve/file-context';
import type { Located } from '../../resolve/contracts';
import { AmqplibChannels } from './channels';
import { ownCancelOf } from './own-cancel';
import { amqplibPublishHeaders } from './topology';
import { ACM_WRAPPER_HANDLER, AMQPLIB_HANDLER } from './handler-library';
import { consumerHandler } from '../../handlers/facts';
import { AMQPLIB_DIALECT, readQueueOptions, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { payloadBytes, routeOf, stringArg } from '../model-builders/publish-facts';
import { queueBindingAt } from '../model-builders/queue-binding';
import { declarationCallOf, declarationsNamedBy } from '../model-builders/declared-queue';
import { publishPacing } from '../model-builders/pacing';

const ASSERT_QUEUE = new Set(['assertQueue']);

export function amqplibChannels(ctx: FileContext): AmqplibChannels {
  return shared(ctx, 'amqplib-channels', () => new AmqplibChannels(ctx));
}

function args(call: CallNode): (Node | undefined)[] {
  return call.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));
}

function calleeText(ctx: FileContext, call: CallNode): string {
  const text = ctx.file.source(call.callee).replace(/\s+/g, '');
  return `${text.length > 40 ? `…${text.slice(-39)}` : text}()`;
}

/** `x.assertQueue(name?, options?, cb?)` with amqplib semantics (amqplib, ACM, and wrappers of them); `vhost`: the channel's, when the code names it. */
export function amqplibDeclaration(ctx: FileContext, call: CallNode, client: string, library = 'amqplib', vhost?: string): QueueDeclaration {
  const { file, resolver } = ctx;
  const [nameNode, second] = args(call);
  const optionsNode = second && !isFunction(unwrap(second)) ? second : undefined;
  const openParen = file.text.indexOf('(', call.callee.end ?? 0);
  const addOptions: QueueOptionsSyntax['addOptions'] = nameNode
    ? { at: nameNode.end ?? 0, prefix: ', ', suffix: '' }
    : { at: openParen + 1, prefix: "'', ", suffix: call.arguments.length ? ', ' : '' };
  const options = readQueueOptions(file, resolver, optionsNode, { ...AMQPLIB_DIALECT, library }, { addOptions });
  const name: Resolved<string> = nameNode ? readString(file, resolver.resolve(nameNode), file.span(nameNode)) : defaulted('', library);
  return {
    kind: 'queue-declaration',
    id: `${client}:${call.start}`,
    client,
    at: file.span(call),
    statementStart: file.statementOf(call).start ?? 0,
    callee: calleeText(ctx, call),
    name,
    durable: options.durable,
    exclusive: options.exclusive,
    autoDelete: options.autoDelete,
    passive: false,
    arguments: options.arguments,
    argumentsIncomplete: options.argumentsIncomplete,
    dependsOn: options.dependsOn,
    syntax: options.syntax,
    rebuild: (other) => amqplibDeclaration(other as FileContext, call, client, library, vhost),
    ...(vhost !== undefined ? { vhost } : {}),
  };
}

/**
 * `ch.consume(queue, onMessage, { noAck })`: amqplib's noAck defaults to false. `prefetchOption`:
 * amqp-connection-manager's ChannelWrapper.consume, which also takes a prefetch.
 */
export function amqplibConsumer(ctx: FileContext, call: CallNode, client: string, channel: string, prefetchOption = false, channelPrefetch?: Resolved<number>): Consumer {
  const { file, resolver } = ctx;
  const [queueNode, , optionsNode] = args(call);
  const queue = queueNode ? readString(file, resolver.resolve(queueNode), file.span(queueNode)) : defaulted('', 'amqplib');
  const options = optionsNode ? resolver.resolve(optionsNode) : undefined;
  const obj = options?.kind === 'object' ? options.object : undefined;
  let ack: Resolved<AckMode>;
  if (options && options.kind === 'unknown') ack = unknown(`the consume options ${options.reason}`, options.origin, options.param);
  else {
    const noAck = readBoolean(file, obj?.props.get('noAck'), false, 'amqplib', obj?.open);
    // Hidden by a spread of a parameter: each call of the function decides it.
    ack = noAck.kind === 'unknown' ? (obj?.openParam && !noAck.param ? unknown(noAck.reason, noAck.origin, obj.openParam) : noAck) : noAck.kind === 'known' ? known(noAck.value ? 'auto' : 'manual', noAck.origin) : defaulted('manual', 'amqplib');
  }
  const written = writtenNoAck(optionsNode);
  let prefetch: Resolved<number> | undefined;
  if (prefetchOption && obj?.props.has('prefetch')) {
    const p = obj.props.get('prefetch')!;
    const v = p.value();
    prefetch = v.kind === 'literal' && typeof v.value === 'number' ? known(v.value, file.span(p.node)) : { kind: 'unknown', reason: v.kind === 'unknown' ? v.reason : 'prefetch is not a number' };
  }
  const consumerArguments: Consumer['consumerArguments'] = [];
  const argsValue = obj?.props.get('arguments')?.value();
  consumerArguments.push(...consumerArgumentsOf(argsValue, 'amqplib'));
  if (obj?.props.has('priority')) consumerArguments.push({ key: 'x-priority', value: readAny(obj.props.get('priority')!.value(), file.span(obj.props.get('priority')!.node)) });
  // A queue named by a declaration's result (`q.queue`): that declaration says what type the queue is.
  // Else the one declaration that names the queue with the same variable (`assertQueue(q, ...)`, then `consume(q, ...)`).
  const sameName = declarationsNamedBy(ctx, queueNode, ASSERT_QUEUE);
  const declaring = declarationCallOf(ctx, queueNode, ASSERT_QUEUE, 'queue') ?? (sameName.length === 1 ? sameName[0] : undefined);
  const ownCancel = ownCancelOf(ctx, call);
  return {
    kind: 'consumer',
    id: `${client}:${call.start}`,
    client,
    at: file.span(call),
    statementStart: file.statementOf(call).start ?? 0,
    callee: calleeText(ctx, call),
    channel,
    queue,
    ...(declaring ? { queueDeclaration: amqplibDeclaration(ctx, declaring, client) } : {}),
    ack,
    ...(written === undefined ? {} : { ackWritten: written ? 'auto' : 'manual' }),
    prefetch,
    ...(channelPrefetch ? { channelPrefetch } : {}),
    ...consumerHandler(ctx, args(call)[1], prefetchOption ? ACM_WRAPPER_HANDLER : AMQPLIB_HANDLER),
    ...(ownCancel ? { ownCancel } : {}),
    consumerArguments,
    ...runsAt(ctx, call),
    syntax: { call, options: obj, noAck: obj?.props.get('noAck') } satisfies AmqplibConsumerSyntax,
    rebuild: (other) => amqplibConsumer(other as FileContext, call, client, channel, prefetchOption, channelPrefetch),
  };
}

/** Whether the consume call runs, when its function settles it (only a settled "never" is kept: the rest is the norm). */
function runsAt(ctx: FileContext, call: CallNode): { runs?: Resolved<boolean> } {
  const runs = runsWhen(ctx.file, ctx.resolver, call);
  return runs?.kind === 'known' && !runs.value ? { runs } : {};
}

/** `noAck: true|false` written as a literal in the consume call's own options object, if it is. */
function writtenNoAck(optionsNode: Node | undefined): boolean | undefined {
  const options = optionsNode && unwrap(optionsNode);
  if (options?.type !== 'ObjectExpression') return undefined;
  const prop = ownProperty(options, 'noAck');
  const value = prop && unwrap(prop.value as Node);
  return value?.type === 'BooleanLiteral' ? value.value : undefined;
}

export interface AmqplibConsumerSyntax {
  call: CallNode;
  options?: import('../../resolve/values').ObjectValue;
  noAck?: import('../../resolve/values').PropertyValue;
}

/**
 * `ch.publish(...)` / `ch.sendToQueue(...)`. amqplib returns whether the write buffer has room;
 * amqp-connection-manager's wrapper returns a promise settled by the broker's confirm. `pacing`: how the
 * library says its buffer is full (amqplib's false and 'drain', a wrapper's promise), when the caller knows;
 * `channelMadeAt`: where the channel is made, `untraced`: why an untraced receiver is taken for a channel (see publishPacing).
 */
export function amqplibPublish(ctx: FileContext, call: CallNode, client: string, channel: string, confirm: boolean | 'unknown', returns: Publish['returns'], pacing?: PublishPacing['signal'], channelMadeAt?: Located, untraced?: string): Publish {
  const { file } = ctx;
  const use = resultUse(file, call);
  const loop = confirmOnlyLoop(file, call);
  const waits = !!loop && ((returns === 'confirm' && use === 'awaited') || isAwaitedCallTo(file, loop, 'waitForConfirms'));
  return {
    kind: 'publish',
    id: `${client}:${call.start}`,
    client,
    at: file.span(call),
    statementStart: file.statementOf(call).start ?? 0,
    callee: calleeText(ctx, call),
    channel,
    confirms: confirm === 'unknown' ? unknown('the channel is handed in: it may or may not be a confirm channel') : known(confirm, file.span(call)),
    returns,
    resultUse: use,
    waitsForConfirmInLoop: waits,
    ...amqplibPublishFacts(ctx, call),
    headers: amqplibPublishHeaders(ctx, call),
    ...(pacing ? { pacing: publishPacing(ctx, call, pacing, channelMadeAt, untraced) } : {}),
    syntax: { call },
  };
}

/** `publish(exchange, routingKey, content, options)` / `sendToQueue(queue, content, options)`: body, route, mandatory. */
function amqplibPublishFacts(ctx: FileContext, call: CallNode): Pick<Publish, 'payloadBytes' | 'payloadAt' | 'mandatory' | 'route'> {
  const a = args(call);
  const toQueue = calleeMethod(call)?.method === 'sendToQueue';
  const [routingKeyNode, contentNode, optionsNode] = toQueue ? [a[0], a[1], a[2]] : [a[1], a[2], a[3]];
  const exchange = toQueue ? defaulted('', 'amqplib') : stringArg(ctx, a[0], '', 'amqplib');
  const options = optionsNode ? ctx.resolver.resolve(optionsNode) : undefined;
  const obj = options?.kind === 'object' ? options.object : undefined;
  const mandatory = options?.kind === 'unknown' ? unknown<boolean>(`the publish options ${options.reason}`, options.origin) : readBoolean(ctx.file, obj?.props.get('mandatory'), false, 'amqplib', obj?.open);
  return {
    payloadBytes: payloadBytes(ctx, contentNode),
    payloadAt: contentNode ? ctx.file.span(contentNode) : undefined,
    mandatory,
    route: routeOf(ctx, exchange, routingKeyNode, 'amqplib'),
  };
}

/** `ch.bindQueue(queue, exchange, pattern, args?)` (amqplib, and amqp-connection-manager's wrapper). */
export function amqplibBinding(ctx: FileContext, call: CallNode, client: string): QueueBinding {
  const [queueNode, exchangeNode] = args(call);
  return queueBindingAt(ctx, call, client, calleeText(ctx, call), queueNode, stringArg(ctx, exchangeNode, '', 'amqplib'));
}

/** `amqp.connect(...)`, `conn.createChannel()`, and the same for amqp-connection-manager. */
export function amqplibOpen(ctx: FileContext, call: CallNode, client: string, what: ConnectionOpen['what']): ConnectionOpen {
  // A connection's URL (string or object; for amqp-connection-manager, the list of URLs) may set frameMax.
  const frameMax = what === 'connection' ? frameMaxOf(ctx, call.arguments[0] as Node | undefined, true) : undefined;
  return connectionOpenAt(ctx, call, { client, callee: calleeText(ctx, call), what, publishMethods: ['publish', 'sendToQueue'], frameMax, syntax: { call } });
}

/** `ch.prefetch(count, global?)` / `ch.qos(count, global?)`: global defaults to false. */
export function amqplibQos(ctx: FileContext, call: CallNode, client: string, channel: string): Qos {
  const { file, resolver } = ctx;
  const [countNode, globalNode] = args(call);
  const count = countNode ? resolver.resolve(countNode) : undefined;
  const globalValue = globalNode && !isFunction(unwrap(globalNode)) ? resolver.resolve(globalNode) : undefined;
  const countResolved: Resolved<number> =
    count?.kind === 'literal' ? known(Number(count.value ?? 0), file.span(countNode!)) : count?.kind === 'unknown' ? { ...unknown<number>(count.reason, count.origin, count.param), ...runTimeMarks(count) } : defaulted(0, 'amqplib');
  let global: Resolved<boolean>;
  if (!globalValue || (globalValue.kind === 'literal' && globalValue.value === undefined)) global = defaulted(false, 'amqplib');
  else if (globalValue.kind === 'literal') global = known(Boolean(globalValue.value), file.span(globalNode!));
  else if (globalValue.kind === 'unknown') global = { kind: 'unknown', reason: globalValue.reason, origin: globalValue.origin };
  else global = known(true, file.span(globalNode!));
  return {
    kind: 'qos',
    client,
    at: file.span(call),
    statementStart: file.statementOf(call).start ?? 0,
    channel,
    count: countResolved,
    global,
    runs: runsWhen(file, resolver, call),
    syntax: { call, globalNode, countNode } satisfies AmqplibQosSyntax,
    rebuild: (other) => amqplibQos(other as FileContext, call, client, channel),
  };
}

export interface AmqplibQosSyntax {
  call: CallNode;
  countNode?: Node;
  globalNode?: Node;
}

export type { t };
