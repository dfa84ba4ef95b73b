// @nestjs/microservices' RMQ options read into declarations, prefetch and consumers.
import { defaulted, known, unknown, type AckMode, type Consumer, type ExchangeDeclaration, type FileModel, type ParamOrigin, type QueueDeclaration, type Resolved } from '../../model';
import type { Node } from '../../parse/ast';
import { booleanOption, optionProp, type Options } from '../model-builders/options';
import { exchangeDeclaration, stringOption } from '../model-builders/topology';
import type { ObjectValue, PropertyValue } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import { AMQPLIB_DIALECT, readQueueOptions, type QueueOptions, type QueueOptionsDialect, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { readFlag, readNumber, readQueueOptionsProperty, readText, unknownQueueOptions, within } from '../nestjs-family/config';
import { lineAnchor } from '../nestjs-family/edits';
import type { RmqOptionsValue, RmqSite } from './sites';
import { addIgnoredRmqOptions } from './option-keys';

export const NESTJS_LIBRARY = '@nestjs/microservices';

/** ClientRMQ's replyQueue when the options leave it out: the direct reply-to pseudo-queue. */
const DIRECT_REPLY_TO = 'amq.rabbitmq.reply-to';

/** `queueOptions` go to amqplib's assertQueue unchanged: amqplib's options and defaults, said as Nest's. */
const DIALECT: QueueOptionsDialect = { ...AMQPLIB_DIALECT, library: NESTJS_LIBRARY };

const NO_QUEUE =
  "no queue is set: @nestjs/microservices 11+ declares a server-named queue (amq.gen-...) and 9-10 a queue named 'default'";

export interface NestDeclarationSyntax {
  queueOptions: QueueOptionsSyntax;
}

export interface NestQosSyntax {
  /** `isGlobalPrefetchCount`, when the options set it. */
  globalProp?: PropertyValue;
}

/** The options object, and why an option may be missing from it (the options are unknown, or spread from something unknown). */
function optionsFacts(options: RmqOptionsValue): { inner?: ObjectValue; open?: string; param?: ParamOrigin } {
  const inner = options.object;
  return { inner, open: inner ? (inner.open ? `the RMQ options ${inner.open}` : undefined) : options.reason, param: inner ? undefined : options.param };
}

/**
 * What one RMQ site does on the broker. Server and client both assert `options.queue` with
 * `queueOptions` (amqplib's assertQueue) unless `noAssert`, and both call
 * `prefetch(prefetchCount = 0, isGlobalPrefetchCount = false)`; the server then consumes the queue
 * with `noAck` (default true: the typings say false, the code says true).
 */
export function addSite(ctx: FileContext, site: RmqSite, model: FileModel): void {
  const { file } = ctx;
  const { inner, open } = optionsFacts(site.options);
  const prop = (key: string) => inner?.props.get(key);
  const channel = `${NESTJS_LIBRARY}:${site.at.start}`;
  const count = readNumber(prop('prefetchCount'), 0, NESTJS_LIBRARY, open);
  addIgnoredRmqOptions(ctx, model, inner, { client: NESTJS_LIBRARY, callee: site.callee, id: `${NESTJS_LIBRARY}:ignored` });

  if (site.declares) {
    const declaration = siteDeclaration(ctx, site, site.options);
    if (declaration) model.declarations.push(declaration);
    const exchange = siteExchange(ctx, site, inner, open);
    if (exchange) model.exchanges.push(exchange);
    const globalProp = prop('isGlobalPrefetchCount');
    model.qos.push({
      kind: 'qos',
      client: NESTJS_LIBRARY,
      at: file.span(globalProp && within(file, globalProp.node, site.at) ? globalProp.node : site.at),
      statementStart: lineAnchor(file, site.at),
      channel,
      count,
      global: readFlag(globalProp, false, NESTJS_LIBRARY, open),
      syntax: { globalProp } satisfies NestQosSyntax,
    });
  }

  // Reported at the RMQ options, where noAck and prefetchCount are set or go (when they are in this file and this statement).
  const options = inner && inner.file === file && within(file, inner.node, site.at) ? inner.node : site.at;
  if (site.role === 'client') {
    const replies = replyConsumer(ctx, site, inner, open, options, channel, count);
    if (replies) model.consumers.push(replies);
    return;
  }
  if (site.role !== 'server') return;
  model.consumers.push(serverConsumer(ctx, site, site.options));
}

/** What a microservice consumes: `options.queue` with `noAck`, after its own `prefetch(prefetchCount)`; read again per call of a helper. */
function serverConsumer(ctx: FileContext, site: RmqSite, value: RmqOptionsValue): Consumer {
  const { file } = ctx;
  const { inner, open, param } = optionsFacts(value);
  const prop = (key: string) => inner?.props.get(key);
  // Reported at the RMQ options, where noAck and prefetchCount are set or go (when they are in this file and this statement).
  const options = inner && inner.file === file && within(file, inner.node, site.at) ? inner.node : site.at;
  const consumer: Consumer = {
    kind: 'consumer',
    id: `${NESTJS_LIBRARY}:${site.at.start}`,
    client: NESTJS_LIBRARY,
    at: file.span(options),
    statementStart: lineAnchor(file, site.at),
    callee: site.callee,
    channel: `${NESTJS_LIBRARY}:${site.at.start}`,
    queue: param ? unknown(open!, undefined, param) : queueName(inner, open),
    ack: param ? unknown(open!, undefined, param) : ackMode(prop('noAck'), open),
    // Nest sets the prefetch itself, right before it consumes.
    prefetch: param ? unknown(open!, undefined, param) : readNumber(prop('prefetchCount'), 0, NESTJS_LIBRARY, open),
    consumerArguments: [],
    ...optionsElsewhere(file, inner),
    syntax: { site },
    rebuild: (other) => serverConsumer(other as FileContext, site, site.reread(other as FileContext)),
  };
  return consumer;
}

/**
 * A client proxy's reply consumer: ClientRMQ consumes `replyQueue` (default `amq.rabbitmq.reply-to`, direct reply-to)
 * with the options' `noAck` (default true) after its `prefetch(prefetchCount)`, and its reply handler only emits the
 * reply, never acking it (client-rmq.js consumeChannel, v8 to v12). Nest creates it whether or not the code sends a
 * request, so `noAck: false` on a client with no replyQueue is a manual-ack consumer of direct reply-to.
 */
function replyConsumer(ctx: FileContext, site: RmqSite, inner: ObjectValue | undefined, open: string | undefined, options: Node, channel: string, count: Resolved<number>): Consumer | undefined {
  const prop = inner?.props.get('replyQueue');
  // Options the code does not show whole may set replyQueue and noAck anywhere: nothing to judge.
  if (!inner || (!prop && open)) return undefined;
  const queue = prop ? readText(prop) : defaulted(DIRECT_REPLY_TO, NESTJS_LIBRARY);
  const { file } = ctx;
  return {
    kind: 'consumer',
    id: `${NESTJS_LIBRARY}:replies:${site.at.start}`,
    client: NESTJS_LIBRARY,
    at: file.span(options),
    statementStart: lineAnchor(file, site.at),
    callee: `${site.callee}'s reply consumer`,
    channel,
    queue,
    ack: ackMode(inner.props.get('noAck'), open),
    prefetch: count,
    handlerFacts: { nullOnCancel: false, handlerSettles: true, xDeathCounts: [], republishes: [], republishesPastLimit: [], republishedHeaders: [], deliveryCountReads: [], rejections: [], acks: [] },
    consumerArguments: [],
    ...optionsElsewhere(file, inner),
    syntax: { site },
  };
}

/** Where the RMQ options are written when that is another file (a helper or factory that builds them): findings about them go there. */
function optionsElsewhere(file: FileContext['file'], inner: ObjectValue | undefined): Pick<Consumer, 'optionsAt'> {
  return inner && inner.file !== file ? { optionsAt: { span: inner.file.span(inner.node), statementStart: inner.file.statementOf(inner.node).start ?? 0 } } : {};
}

/** The queue the site asserts (none with noAssert); read again per call site when its values are parameters. */
function siteDeclaration(ctx: FileContext, site: RmqSite, value: RmqOptionsValue): QueueDeclaration | undefined {
  const { inner, open } = optionsFacts(value);
  const queueOptions = readQueueOptionsOf(value.ctx ?? ctx, inner, open);
  if (skipsAssert(inner, open, queueOptions.syntax.options)) return undefined;
  const declaration: QueueDeclaration = {
    kind: 'queue-declaration',
    id: `${NESTJS_LIBRARY}:${site.at.start}`,
    client: NESTJS_LIBRARY,
    at: ctx.file.span(site.at),
    statementStart: lineAnchor(ctx.file, site.at),
    callee: site.callee,
    name: queueName(inner, open),
    durable: queueOptions.durable,
    exclusive: queueOptions.exclusive,
    autoDelete: queueOptions.autoDelete,
    passive: false,
    arguments: queueOptions.arguments,
    argumentsIncomplete: queueOptions.argumentsIncomplete,
    dependsOn: queueOptions.dependsOn,
    syntax: { queueOptions: queueOptions.syntax } satisfies NestDeclarationSyntax,
    rebuild: (other) => siteDeclaration(other as FileContext, site, site.reread(other as FileContext)) ?? declaration,
  };
  return declaration;
}

/**
 * The exchange the site asserts: `assertExchange(exchange ?? queue, exchangeType ?? 'topic', { durable:
 * true, arguments: exchangeArguments })`, by a server when `exchange` or `wildcards` is set, by a client
 * with `wildcards` or a fanout `exchangeType` (server-rmq.js / client-rmq.js setupChannel, v11).
 */
function siteExchange(ctx: FileContext, site: RmqSite, inner: ObjectValue | undefined, open: string | undefined): ExchangeDeclaration | undefined {
  const options: Options = inner ? { object: inner } : { unknownReason: open };
  const isTrue = (r: Resolved<boolean | string>, value: boolean | string) => r.kind === 'known' && r.value === value;
  const type = stringOption(options, 'exchangeType', 'topic', NESTJS_LIBRARY);
  const named = optionProp(options, 'exchange').prop;
  const wildcards = isTrue(booleanOption(options, 'wildcards', false, NESTJS_LIBRARY), true);
  const asserts = site.role === 'server' ? !!named || wildcards : site.role === 'client' && (wildcards || isTrue(type, 'fanout'));
  if (!asserts) return undefined;
  const head = { id: `${NESTJS_LIBRARY}:exchange:${site.at.start}`, client: NESTJS_LIBRARY, at: ctx.file.span(site.at), statementStart: lineAnchor(ctx.file, site.at), callee: site.callee };
  const name = named ? stringOption(options, 'exchange', '', NESTJS_LIBRARY) : queueName(inner, open);
  return exchangeDeclaration(head, { name, type, durable: defaulted(true, NESTJS_LIBRARY), args: optionProp(options, 'exchangeArguments').prop?.value() }, { site });
}

/** `options.queue`; left out (or '') the name depends on the Nest version, so it is unknown. */
function queueName(inner: ObjectValue | undefined, open: string | undefined): Resolved<string> {
  const p = inner?.props.get('queue');
  if (!p) return unknown(open ?? NO_QUEUE);
  const r = readText(p);
  return r.kind === 'known' && r.value === '' ? unknown(NO_QUEUE, r.origin) : r;
}

/** `noAck` read like Nest's getOptionsProp: left out → true; written (even as undefined) → amqplib's `!!noAck`. */
function ackMode(noAck: PropertyValue | undefined, open: string | undefined): Resolved<AckMode> {
  const r = readFlag(noAck, true, NESTJS_LIBRARY, open);
  if (r.kind === 'unknown') return r;
  if (r.kind === 'known') return known(r.value ? 'auto' : 'manual', r.origin);
  return defaulted('auto', NESTJS_LIBRARY);
}

/** `queueOptions`, with amqplib's defaults when left out (unknown if the options may hold them unseen). */
function readQueueOptionsOf(ctx: FileContext, inner: ObjectValue | undefined, open: string | undefined): QueueOptions {
  const prop = inner?.props.get('queueOptions');
  if (prop) return readQueueOptionsProperty(ctx, prop, DIALECT);
  if (open) return unknownQueueOptions(`queueOptions is unknown: ${open}`);
  return readQueueOptions(ctx.file, ctx.resolver, undefined, DIALECT);
}

/** `noAssert: true` (v10+ in the options, v9 and v12 also in queueOptions): Nest does not declare the queue. */
function skipsAssert(inner: ObjectValue | undefined, open: string | undefined, queueOptions: ObjectValue | undefined): boolean {
  const own = readFlag(inner?.props.get('noAssert'), false, NESTJS_LIBRARY, open);
  if (own.kind === 'known') return own.value;
  const nested = queueOptions ? readFlag(queueOptions.props.get('noAssert'), false, NESTJS_LIBRARY, queueOptions.open) : undefined;
  return nested?.kind === 'known' && nested.value;
}
