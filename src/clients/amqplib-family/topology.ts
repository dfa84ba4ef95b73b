// amqplib's exchange declarations, queue deletions and publish headers, in the shape other libraries copy.
import { calleeMethod, isFunction, unwrap, type Node } from '../../parse/ast';
import { unknown, type ExchangeDeclaration, type Publish, type QueueDeletion } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { booleanOption, optionsOf } from '../model-builders/options';
import { callArgs } from '../model-builders/call-parts';
import { argumentsTable, exchangeSubject, publishHeaders, queueDeletionSubject, stringArg } from '../model-builders/topology';
import type { CallNode } from '../model-builders/resolved';

/** An options argument (not a trailing callback of the callback API). */
const optionsNode = (node: Node | undefined): Node | undefined => (node && !isFunction(unwrap(node)) ? node : undefined);

/**
 * `x.method(name, type, { durable, arguments })`, the amqplib shape other libraries copy. `durableDefault`:
 * the library's default when `durable` is left out; undefined when the library's default is not known here.
 */
export function positionalExchange(ctx: FileContext, call: CallNode, client: string, library: string, durableDefault?: boolean): ExchangeDeclaration {
  const [nameNode, typeNode, opts] = callArgs(call);
  const options = optionsOf(ctx, optionsNode(opts), 'exchange options');
  return exchangeSubject(ctx, call, client, {
    name: stringArg(ctx, nameNode, '', library),
    type: stringArg(ctx, optionsNode(typeNode), '', library),
    durable: durableDefault === undefined ? unknown(`${library}'s default exchange durability is not modelled`) : booleanOption(options, 'durable', durableDefault, library),
    args: argumentsTable(options),
  });
}

/** `ch.assertExchange(name, type, { durable, arguments })`: durable defaults to true (lib/api_args.js). */
export function amqplibExchange(ctx: FileContext, call: CallNode, client: string): ExchangeDeclaration {
  return positionalExchange(ctx, call, client, 'amqplib', true);
}

/** `ch.deleteQueue(queue, { ifUnused, ifEmpty })`. */
export function amqplibQueueDeletion(ctx: FileContext, call: CallNode, client: string, library = 'amqplib'): QueueDeletion {
  const [queueNode, opts] = callArgs(call);
  return queueDeletionSubject(ctx, call, client, stringArg(ctx, queueNode, '', library), optionsOf(ctx, optionsNode(opts), 'delete options'), library);
}

/** The headers of `ch.publish(exchange, rk, content, options)` / `ch.sendToQueue(queue, content, options)`. */
export function amqplibPublishHeaders(ctx: FileContext, call: CallNode): Publish['headers'] {
  const index = calleeMethod(call)?.method === 'sendToQueue' ? 2 : 3;
  return publishHeaders(optionsOf(ctx, optionsNode(callArgs(call)[index]), 'publish options'));
}
