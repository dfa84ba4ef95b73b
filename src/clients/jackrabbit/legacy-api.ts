// jackrabbit 3.x (the `jackrabbit` package before @pager's rewrite): queues made on the connection itself with
// rabbit.create(name, options, done) / rabbit.queue(name, options), consumed with rabbit.handle(name, handler), all on
// the connection's one channel, whose prefetch jackrabbit(url, prefetch) sets.
import type * as t from '@babel/types';
import { isCall, type Node } from '../../parse/ast';
import { defaulted, known, type FileModel, type QueueDeclaration, type Resolved } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { AMQPLIB_DIALECT, readQueueOptions } from '../model-builders/queue-options';
import { ackFromNoAck, argumentNodes, calleeLabel, consumer, nonFunction, queueDeclaration, stringArgument } from '../queue-object-libraries/model';
import type { Tracked } from '../queue-object-libraries/objects';

const NAME = 'jackrabbit';
const LIBRARY = 'jackrabbit 3';

/** The calls of the 3.x API on the connection (`rabbit`): 4.x has none of them there. */
export const LEGACY_METHODS = new Set(['create', 'queue', 'handle']);

type CallNode = t.CallExpression | t.OptionalCallExpression;

/**
 * lib/queue.js (3.0.8): `options = _.extend({}, { durable: true, noAck: false, messageTtl: 1000 }, options)` and
 * `channel.assertQueue(name, { durable: this.durable })`: only durable reaches the broker (exclusive and autoDelete are
 * amqplib's false whatever the options say).
 */
export function legacyDeclaration(ctx: FileContext, call: CallNode): QueueDeclaration {
  const [nameNode, second] = argumentNodes(call);
  const optionsNode = nonFunction(second);
  const options = readQueueOptions(ctx.file, ctx.resolver, optionsNode, { ...AMQPLIB_DIALECT, library: LIBRARY }, { addOptions: nameNode ? { at: nameNode.end ?? 0, prefix: ', ', suffix: '' } : undefined });
  const sent = { ...options, exclusive: defaulted(false, LIBRARY), autoDelete: defaulted(false, LIBRARY), arguments: [] };
  return queueDeclaration(ctx, {
    client: NAME,
    at: call,
    callee: calleeLabel(ctx.file, call.callee as Node),
    name: stringArgument(ctx, nameNode, NAME),
    options: sent,
    syntax: { options: options.syntax },
    rebuild: (other) => legacyDeclaration(other as FileContext, call),
  });
}

/**
 * `rabbit.handle(name, handler)`: `queues[name].subscribe(handler)`, which consumes on the connection's channel with the
 * queue's noAck option (false by default); the handler settles each message through its `ack` argument. The prefetch is
 * the channel's: `jackrabbit(url, prefetch)`'s, 1 when it is left out (lib/jackrabbit.js).
 */
export function legacyConsumer(ctx: FileContext, call: CallNode, rabbit: Tracked, model: FileModel): void {
  const [nameNode, handler] = argumentNodes(call);
  const name = stringArgument(ctx, nameNode, NAME);
  const created = name.kind === 'unknown' ? undefined : createdQueue(ctx, name.value);
  const options = created ? ctx.resolver.resolve(nonFunction(argumentNodes(created)[1])) : undefined;
  model.consumers.push(
    consumer(ctx, {
      client: NAME,
      at: call,
      callee: calleeLabel(ctx.file, call.callee as Node),
      channel: `${NAME}:channel:${rabbit.origin.start}`,
      queue: name,
      ack: ackFromNoAck(ctx, options?.kind === 'literal' && options.value === undefined ? undefined : options, LIBRARY),
      prefetch: channelPrefetch(ctx, rabbit),
      handler,
      syntax: { call },
    }),
  );
}

/** The `rabbit.create(name, ...)` / `rabbit.queue(name, ...)` of this file that makes the queue, if it does. */
function createdQueue(ctx: FileContext, name: string): CallNode | undefined {
  for (const method of ['.create', '.queue']) {
    for (const c of ctx.file.callsNamed(method)) {
      const first = argumentNodes(c)[0];
      const v = first && stringArgument(ctx, first, NAME);
      if (v?.kind === 'known' && v.value === name) return c;
    }
  }
  return undefined;
}

/** `jackrabbit(url, prefetch)`: `this.prefetch = prefetch || 1`, set on the one channel. */
function channelPrefetch(ctx: FileContext, rabbit: Tracked): Resolved<number> {
  const made = !rabbit.foreign && isCall(rabbit.origin) ? rabbit.origin : undefined;
  const arg = made ? argumentNodes(made)[1] : undefined;
  if (!made || !arg) return made ? defaulted(1, LIBRARY) : { kind: 'unknown', reason: 'the connection is made elsewhere, where its prefetch is given or not' };
  const v = ctx.resolver.resolve(arg);
  if (v.kind === 'literal' && typeof v.value === 'number' && v.value > 0) return known(v.value, ctx.file.span(arg));
  if (v.kind === 'literal' && !v.value) return defaulted(1, LIBRARY);
  return { kind: 'unknown', reason: v.kind === 'unknown' ? v.reason : 'the prefetch is not a number', ...(v.kind === 'unknown' && v.origin ? { origin: v.origin } : {}), truthy: true };
}
