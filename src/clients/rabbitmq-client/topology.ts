// rabbitmq-client's exchange declarations, queue deletions and message headers.
import type { Node } from '../../parse/ast';
import type { ExchangeDeclaration, FileModel, Publish, QueueDeletion } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { booleanOption, optionProp, optionsOf, type Options } from '../model-builders/options';
import { callArgs } from '../model-builders/call-parts';
import { argumentsTable, exchangeSubject, publishHeaders, queueDeletionSubject, stringArg, stringOption } from '../model-builders/topology';
import { LIBRARY } from './declarations';

/** Exchange params `{ exchange, type, durable, arguments }`: every flag defaults to false (src/codec.ts). */
function exchangeFrom(ctx: FileContext, call: CallNode, params: Options, at: Node = call): ExchangeDeclaration {
  return exchangeSubject(
    ctx,
    call,
    LIBRARY,
    {
      name: stringOption(params, 'exchange', '', LIBRARY),
      type: stringOption(params, 'type', '', LIBRARY),
      durable: booleanOption(params, 'durable', false, LIBRARY),
      args: argumentsTable(params),
    },
    at,
  );
}

/** `rabbit.exchangeDeclare({ exchange, type, durable, arguments })` / `ch.exchangeDeclare(...)`. */
export function exchangeDeclareCall(ctx: FileContext, call: CallNode): ExchangeDeclaration {
  return exchangeFrom(ctx, call, optionsOf(ctx, callArgs(call)[0], 'exchange params'));
}

/** `createConsumer({ exchanges: [...] })`, `createPublisher({ exchanges })`: one declaration per entry written out. */
export function propsExchangeDeclarations(ctx: FileContext, call: CallNode, props: Options): ExchangeDeclaration[] {
  const list = optionProp(props, 'exchanges').prop?.value();
  if (list?.kind !== 'array') return [];
  return list.items.flatMap((item) => {
    if (item.kind !== 'object') return [];
    // Reported at the entry when it is written in this file, else at the call.
    const at = item.object.file === ctx.file ? item.object.node : call;
    return [exchangeFrom(ctx, call, { object: item.object }, at)];
  });
}

/** `rabbit.queueDelete('name')` or `queueDelete({ queue, ifUnused, ifEmpty })`. */
export function queueDeleteCall(ctx: FileContext, call: CallNode): QueueDeletion {
  const [first] = callArgs(call);
  const value = first ? ctx.resolver.resolve(first) : undefined;
  if (value?.kind === 'object') {
    const params: Options = { object: value.object };
    return queueDeletionSubject(ctx, call, LIBRARY, stringOption(params, 'queue', '', LIBRARY), params, LIBRARY);
  }
  return queueDeletionSubject(ctx, call, LIBRARY, stringArg(ctx, first, '', LIBRARY), {}, LIBRARY);
}

/** The headers of `publisher.send(envelope, body)` / `ch.basicPublish(envelope, body)` when the envelope is an object. */
export function envelopeHeaders(ctx: FileContext, call: CallNode): Publish['headers'] {
  const [first] = callArgs(call);
  const value = first ? ctx.resolver.resolve(first) : undefined;
  return value?.kind === 'object' ? publishHeaders({ object: value.object }) : undefined;
}

/** `exchangeDeclare` / `queueDelete` on a Connection or a channel: adds the subject; false for any other method. */
export function addTopologyCall(ctx: FileContext, model: FileModel, call: CallNode, method: string): boolean {
  if (method === 'exchangeDeclare') model.exchanges.push(exchangeDeclareCall(ctx, call));
  else if (method === 'queueDelete') model.queueDeletions.push(queueDeleteCall(ctx, call));
  else return false;
  return true;
}
