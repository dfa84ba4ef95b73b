// @golevelup/nestjs-rabbitmq's handler decorators: each declares and consumes its queue.
import type * as t from '@babel/types';
import { isCall, isFunction, type Node } from '../../parse/ast';
import { defaulted, known, unknown, type AckMode, type Consumer, type FileModel, type Resolved } from '../../model';
import type { ObjectValue, PropertyValue } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import { configLocated, exportOf, objectProperty, readFlag, readText, unknownReason } from '../nestjs-family/config';
import { lineAnchor } from '../nestjs-family/edits';
import { channelKey, type ChannelPrefetch } from './module-config';
import { golevelupDeclaration, queueName, type QueueSource } from './queues';
import { GOLEVELUP, GOLEVELUP_PACKAGE } from './names';
import { handlerFacts } from '../../handlers/facts';
import { golevelupHandler } from './handler-library';

const HANDLER_DECORATORS = new Set(['RabbitSubscribe', 'RabbitRPC', 'RabbitHandler']);

export interface GolevelupConsumerSyntax {
  decorator: t.CallExpression;
  /** `queueOptions.consumerOptions.noAck`, when written. */
  noAck?: PropertyValue;
}

/**
 * `@RabbitSubscribe({...})`, `@RabbitRPC({...})`, `@RabbitHandler({...})` on a method: the queue is
 * declared (setupQueue) and consumed with `queueOptions.consumerOptions` (noAck default false: the
 * library acks after the handler), on the default channel or `queueOptions.channel`, whose prefetch
 * the module sets (default 10).
 */
export function addHandlers(ctx: FileContext, model: FileModel, channels: ChannelPrefetch | undefined): void {
  for (const node of ctx.file.nodes) {
    if (node.type !== 'Decorator' || !isCall(node.expression) || node.expression.type !== 'CallExpression') continue;
    const call = node.expression;
    const name = exportOf(ctx, call.callee, GOLEVELUP_PACKAGE);
    if (!name || !HANDLER_DECORATORS.has(name)) continue;
    const arg = call.arguments[0] as Node | undefined;
    const read = arg && arg.type !== 'SpreadElement' ? configLocated(ctx, arg) : undefined;
    const config = read?.value;
    const src: QueueSource = {
      entry: config?.kind === 'object' ? config.object : undefined,
      readIn: read?.ctx,
      reason: config?.kind === 'object' ? undefined : `the ${name} options ${config?.kind === 'unknown' ? config.reason.replace(/^is /, 'are ') : 'are not an object'}`,
      at: call,
      callee: `@${name}()`,
      nameKey: 'queue',
      optionsKey: 'queueOptions',
    };
    const decl = golevelupDeclaration(ctx, src);
    if (decl) model.declarations.push(decl);
    model.consumers.push(handlerConsumer(ctx, src, call, channels));
  }
}

function handlerConsumer(ctx: FileContext, src: QueueSource, call: t.CallExpression, channels: ChannelPrefetch | undefined): Consumer {
  const { file } = ctx;
  const open = src.entry ? (src.entry.open ? `the config ${src.entry.open}` : undefined) : src.reason;
  const queueOptions = src.entry ? objectProperty(src.readIn ?? ctx, src.entry, 'queueOptions') : { reason: open };
  const consumerOptions = queueOptions.object ? objectProperty(queueOptions.ctx ?? ctx, queueOptions.object, 'consumerOptions') : queueOptions;
  const noAck = consumerOptions.object?.props.get('noAck');
  const channel = channelOf(queueOptions.object, queueOptions.reason);
  const method = file.parentOf(file.parentOf(call)!);
  return {
    kind: 'consumer',
    id: `${GOLEVELUP}:${call.start}`,
    client: GOLEVELUP,
    at: file.span(call),
    statementStart: lineAnchor(file, call),
    callee: src.callee,
    channel: channel.kind === 'unknown' ? channelKey(`?${call.start}`) : channelKey(channel.value),
    queue: queueName(src, open),
    ack: ackMode(consumerOptions, noAck),
    prefetch: channel.kind === 'unknown' ? channel : (channels?.get(channel.value) ?? defaulted(10, GOLEVELUP)),
    handler: method && isFunction(method) ? { start: method.start ?? 0, end: method.end ?? 0 } : undefined,
    ...(method && isFunction(method) ? { handlerFacts: handlerFacts(ctx, method, golevelupHandler(src.readIn ?? ctx, src.entry)) } : {}),
    consumerArguments: [],
    syntax: { decorator: call, noAck } satisfies GolevelupConsumerSyntax,
  };
}

/** `queueOptions.consumerOptions.noAck`, handed to amqplib's consume: `!!noAck`, false when left out. */
function ackMode(consumerOptions: { object?: ObjectValue; absent?: boolean; reason?: string }, noAck: PropertyValue | undefined): Resolved<AckMode> {
  if (consumerOptions.reason) return unknown(unknownReason('noAck', consumerOptions.reason));
  const r = readFlag(noAck, false, GOLEVELUP, consumerOptions.object?.open);
  if (r.kind === 'unknown') return r;
  if (r.kind === 'known') return known(r.value ? 'auto' : 'manual', r.origin);
  return defaulted('manual', GOLEVELUP);
}

/** The channel a handler consumes on: `queueOptions.channel`, else the default one (''). */
function channelOf(queueOptions: ObjectValue | undefined, reason: string | undefined): Resolved<string> {
  if (reason) return unknown(reason);
  const prop = queueOptions?.props.get('channel');
  if (!prop) return queueOptions?.open ? unknown(queueOptions.open) : defaulted('', GOLEVELUP);
  return readText(prop);
}
