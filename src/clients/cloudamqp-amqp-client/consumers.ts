// @cloudamqp/amqp-client's consumers (basicConsume, subscribe) and prefetch calls.
import { isFunction, unwrap, type Node } from '../../parse/ast';
import { defaulted, known, unknown, valueOf, type AckMode, type Consumer, type Qos, type Resolved, runTimeMarks } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { readString, type CallNode } from '../model-builders/resolved';
import { ackFrom, booleanOption, consumerArgumentsOf, numberOption, optionProp, optionsOf, type Options } from '../model-builders/options';
import { callArgs, subjectAt } from '../model-builders/call-parts';
import type { CloudamqpKind } from './objects';
import { LIBRARY } from './declarations';
import { consumerHandler } from '../../handlers/facts';
import { CLOUDAMQP_HANDLER, sessionSubscribeHandler } from './handler';

/** What the renderer needs to change a consumer. */
export interface CloudamqpConsumerSyntax {
  form: 'basic-consume' | 'channel-subscribe' | 'session-subscribe';
  options: Options;
}

export interface CloudamqpQosSyntax {
  call: CallNode;
}

type QueueKind = Extract<CloudamqpKind, { kind: 'channel-queue' | 'session-queue' | 'queue' }>;

function consumer(ctx: FileContext, call: CallNode, channel: string, queue: Resolved<string>, ack: Resolved<AckMode>, options: Options, form: CloudamqpConsumerSyntax['form'], handler: Node | undefined, prefetch?: Resolved<number>): Consumer {
  const lib = form === 'session-subscribe' ? sessionSubscribeHandler(libraryNacksOnThrow(options, ack) ? booleanOption(options, 'requeueOnNack', true, LIBRARY) : undefined) : CLOUDAMQP_HANDLER;
  return {
    kind: 'consumer',
    ...subjectAt(ctx, call, LIBRARY),
    channel,
    queue,
    ack,
    prefetch,
    ...consumerHandler(ctx, handler, lib),
    consumerArguments: consumerArgumentsOf(optionProp(options, 'args').prop?.value(), '@cloudamqp/amqp-client'),
    syntax: { form, options } satisfies CloudamqpConsumerSyntax,
  };
}

/** v4 subscribe acks and nacks for the callback unless noAck or manualAck is set (src/amqp-queue.ts). */
function libraryNacksOnThrow(options: Options, ack: Resolved<AckMode>): boolean {
  return valueOf(ack) !== 'auto' && valueOf(booleanOption(options, 'manualAck', false, LIBRARY)) !== true;
}

/** `ch.basicConsume(queue, { tag, noAck = true, exclusive, args } = {}, callback)`: automatic ack by default. */
export function basicConsumeCall(ctx: FileContext, call: CallNode, channel: string): Consumer {
  const [queueNode, params, handler] = callArgs(call);
  const options = optionsOf(ctx, params, 'consume params');
  const queue = queueNode ? readString(ctx.file, ctx.resolver.resolve(queueNode), ctx.file.span(queueNode)) : defaulted('', LIBRARY);
  return consumer(ctx, call, channel, queue, ackFrom(options, true, LIBRARY), options, 'basic-consume', handler);
}

/**
 * `q.subscribe(params?, callback)`. v2/v3 (a queue from `ch.queue()`): `channel.basicConsume` with
 * noAck defaulting to true. v4 (from `session.queue()`): noAck false on the wire unless `noAck: true`,
 * the library acks after the callback, and `prefetch` sets basic.qos on the subscription's own channel.
 */
export function subscribeCall(ctx: FileContext, call: CallNode, q: QueueKind): Consumer {
  const [first, second] = callArgs(call);
  const callbackFirst = first && isFunction(unwrap(first));
  const params = callbackFirst ? undefined : first;
  const handler = callbackFirst ? first : second;
  const options = optionsOf(ctx, params, 'subscribe params');
  const queue: Resolved<string> = q.kind !== 'queue' && q.name ? readString(ctx.file, ctx.resolver.resolve(q.name), ctx.file.span(q.name)) : unknown('the queue is handed in');
  if (q.kind === 'channel-queue') {
    const channel = q.channel.key ?? `subscribe:${call.start}`;
    return consumer(ctx, call, channel, queue, ackFrom(options, true, LIBRARY), options, 'channel-subscribe', handler);
  }
  let ack = ackFrom(options, false, LIBRARY);
  if (q.kind === 'queue' && ack.kind === 'default') {
    ack = unknown(`the AMQPQueue is handed in: its subscribe() acknowledges automatically by default in ${LIBRARY} v2/v3, and manually (after the callback) in v4`);
  }
  const channel = `subscribe:${call.start}`;
  return consumer(ctx, call, channel, queue, ack, options, 'session-subscribe', handler, numberOption(options, 'prefetch'));
}

/** `ch.prefetch(count)` (never global) and `ch.basicQos(count, size = 0, global = false)`. */
export function qosCall(ctx: FileContext, call: CallNode, channel: string, method: 'prefetch' | 'basicQos'): Qos {
  const { file, resolver } = ctx;
  const [countNode, , globalNode] = callArgs(call);
  const count = countNode ? resolver.resolve(countNode) : undefined;
  let countResolved: Resolved<number>;
  if (count?.kind === 'literal' && typeof count.value === 'number') countResolved = known(count.value, file.span(countNode!));
  else if (count?.kind === 'unknown') countResolved = { ...unknown<number>(count.reason, count.origin), ...runTimeMarks(count) };
  else if (!count || (count.kind === 'literal' && count.value === undefined)) countResolved = unknown('no prefetch count is given');
  else countResolved = unknown('the prefetch count is not a number', file.span(countNode!));
  let global: Resolved<boolean> = defaulted(false, LIBRARY);
  if (method === 'basicQos' && globalNode) {
    const g = resolver.resolve(globalNode);
    if (g.kind === 'unknown') global = unknown(g.reason, g.origin);
    else if (g.kind === 'literal') global = g.value === undefined ? defaulted(false, LIBRARY) : known(Boolean(g.value), file.span(globalNode));
    else global = known(true, file.span(globalNode));
  }
  return {
    kind: 'qos',
    client: LIBRARY,
    at: file.span(call),
    statementStart: file.statementOf(call).start ?? 0,
    channel,
    count: countResolved,
    global,
    syntax: { call } satisfies CloudamqpQosSyntax,
  };
}
