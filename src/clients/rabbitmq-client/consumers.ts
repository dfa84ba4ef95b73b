// rabbitmq-client's consumers (createConsumer, basicConsume) and prefetch calls.
import type * as t from '@babel/types';
import { defaulted, unknown, valueOf, type Consumer, type Qos, type Resolved } from '../../model';
import type { Node } from '../../parse/ast';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { ackFrom, booleanOption, consumerArgumentsOf, numberOption, optionProp, nestedOptions, optionsOf, type Options } from '../model-builders/options';
import { callArgs, subjectAt } from '../model-builders/call-parts';
import { LIBRARY, queueNameOf } from './declarations';
import { consumerHandler } from '../../handlers/facts';
import { createConsumerHandler, RABBITMQ_CLIENT_BASIC_CONSUME_HANDLER } from './handler';

/** What the renderer needs: the options object holding noAck / qos / global. */
export interface RabbitmqClientConsumerSyntax {
  form: 'create-consumer' | 'basic-consume';
  options: Options;
}

export interface RabbitmqClientQosSyntax {
  /** The qos options object (createConsumer's `qos`, basicQos's params). */
  options: Options;
}

function consumer(ctx: FileContext, call: CallNode, channel: string, options: Options, syntax: RabbitmqClientConsumerSyntax, handler: t.Node | undefined, prefetch?: Resolved<number>): Consumer {
  // basic.consume's noAck bit is set only if truthy (codec BITS): manual ack by default.
  const ack = ackFrom(options, false, LIBRARY);
  // createConsumer nacks for the handler unless noAck; the requeue option applies to a throw.
  const nacks = syntax.form === 'create-consumer' && valueOf(ack) !== 'auto';
  const lib = syntax.form === 'create-consumer' ? createConsumerHandler(nacks ? booleanOption(options, 'requeue', true, LIBRARY) : undefined) : RABBITMQ_CLIENT_BASIC_CONSUME_HANDLER;
  return {
    kind: 'consumer',
    ...subjectAt(ctx, call, LIBRARY),
    channel,
    queue: queueNameOf(options),
    ack,
    prefetch,
    ...consumerHandler(ctx, handler as Node | undefined, lib),
    consumerArguments: consumerArgumentsOf(optionProp(options, 'arguments').prop?.value(), 'rabbitmq-client'),
    syntax,
  };
}

function qosFrom(ctx: FileContext, call: CallNode, at: t.Node, channel: string, qos: Options): Qos {
  return {
    kind: 'qos',
    client: LIBRARY,
    at: ctx.file.span(at),
    statementStart: ctx.file.statementOf(call).start ?? 0,
    channel,
    // basic.qos encodes a missing prefetchCount as 0 (unlimited) and global as false.
    count: numberOption(qos, 'prefetchCount') ?? defaulted(0, LIBRARY),
    global: booleanOption(qos, 'global', false, LIBRARY),
    syntax: { options: qos } satisfies RabbitmqClientQosSyntax,
  };
}

/**
 * `rabbit.createConsumer(props, handler)`: consumes on its own channel, after `basicQos(props.qos)`
 * if qos is given (src/Consumer.ts); no qos means no prefetch at all.
 */
export function createConsumerCall(ctx: FileContext, call: CallNode, props: Options): { consumer: Consumer; qos?: Qos } {
  const [, handler] = callArgs(call);
  const channel = `consumer:${call.start}`;
  const { prop: qosProp, unknownReason } = optionProp(props, 'qos');
  let qos: Qos | undefined;
  let prefetch: Resolved<number> | undefined;
  if (unknownReason) prefetch = unknown(unknownReason, props.origin);
  else if (qosProp) {
    // Reported at the qos option when it is written in this file, else at the call.
    const at = qosProp.file === ctx.file ? qosProp.node : call;
    qos = qosFrom(ctx, call, at, channel, nestedOptions(qosProp, 'qos options'));
    prefetch = qos.count;
  }
  // Inside a wrapper (`createConsumer(connection, opts)`), read again at each of its calls with that call's arguments.
  const rebuild = (other: object) => createConsumerCall(other as FileContext, call, optionsOf(other as FileContext, callArgs(call)[0], 'props')).consumer;
  return { consumer: { ...consumer(ctx, call, channel, props, { form: 'create-consumer', options: props }, handler, prefetch), rebuild }, qos };
}

/** `ch.basicConsume({ queue, noAck }, cb)` on an acquired channel. */
export function basicConsumeCall(ctx: FileContext, call: CallNode, channel: string): Consumer {
  const [params, handler] = callArgs(call);
  const options = optionsOf(ctx, params, 'consume params');
  // Inside a wrapper (`consume(queue, onMessage, options)` of an adapter class), read again at each of its calls.
  const rebuild = (other: object) => basicConsumeCall(other as FileContext, call, channel);
  return { ...consumer(ctx, call, channel, options, { form: 'basic-consume', options }, handler), rebuild };
}

/** `ch.basicQos({ prefetchCount, global })`. */
export function basicQosCall(ctx: FileContext, call: CallNode, channel: string): Qos {
  const [params] = callArgs(call);
  // Inside a wrapper (`prefetch(count)` of an adapter class), read again at each of its calls.
  const rebuild = (other: object) => basicQosCall(other as FileContext, call, channel);
  return { ...qosFrom(ctx, call, call, channel, optionsOf(ctx, params, 'qos params')), rebuild };
}
