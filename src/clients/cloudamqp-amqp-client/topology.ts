// @cloudamqp/amqp-client's exchange declarations, queue deletions and message headers.
import type { Node } from '../../parse/ast';
import type { ExchangeDeclaration, Publish, QueueDeletion } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { booleanOption, optionsOf } from '../model-builders/options';
import { callArgs } from '../model-builders/call-parts';
import { argumentsTable, exchangeSubject, publishHeaders, queueDeletionSubject, stringArg } from '../model-builders/topology';
import { LIBRARY } from './declarations';

/**
 * `ch.exchangeDeclare(name, type, { durable }, args)` and v4 `session.exchange(name, type, { durable, arguments })`:
 * durable defaults to true (src/amqp-channel.ts).
 */
export function exchangeDeclareCall(ctx: FileContext, call: CallNode, form: 'channel' | 'session'): ExchangeDeclaration {
  const [nameNode, typeNode, paramsNode, argsNode] = callArgs(call);
  const params = optionsOf(ctx, paramsNode, 'exchange params');
  return exchangeSubject(ctx, call, LIBRARY, {
    name: stringArg(ctx, nameNode, '', LIBRARY),
    type: stringArg(ctx, typeNode, '', LIBRARY),
    durable: booleanOption(params, 'durable', true, LIBRARY),
    args: form === 'session' ? argumentsTable(params) : argsNode && ctx.resolver.resolve(argsNode),
  });
}

/** `ch.queueDelete(name, { ifUnused, ifEmpty })`, or `q.delete({ ifUnused, ifEmpty })` on a queue declared as `name`. */
export function queueDeleteCall(ctx: FileContext, call: CallNode, queueName: Node | undefined, paramsNode: Node | undefined): QueueDeletion {
  return queueDeletionSubject(ctx, call, LIBRARY, stringArg(ctx, queueName, '', LIBRARY), optionsOf(ctx, paramsNode, 'delete params'), LIBRARY);
}

/** The headers of `ch.basicPublish(exchange, rk, data, properties)` (index 3) or `q.publish(body, properties)` (index 1). */
export function propertiesHeaders(ctx: FileContext, call: CallNode, index: number): Publish['headers'] {
  return publishHeaders(optionsOf(ctx, callArgs(call)[index], 'message properties'));
}
