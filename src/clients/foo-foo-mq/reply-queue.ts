// The reply queue foo-foo-mq (and rabbot) declares and consumes for every connection, which the code never names.
import type * as t from '@babel/types';
import { defaulted, unknown, type AckMode, type FileModel, type Resolved } from '../../model';
import type { Node } from '../../parse/ast';
import type { ObjectValue } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import { calleeLabel, consumer, fixedQueueOptions, queueDeclaration } from '../queue-object-libraries/model';

/** What a consumer or declaration of a library-made reply queue carries, so that advice can speak of the connection's replyQueue. */
export interface ReplyQueueSyntax {
  replyQueue: true;
  at: Node;
}

const REPLY_NAME = 'named <host>.<process title>.<pid>.response.queue by foo-foo-mq at run time';

/**
 * src/topology.js (Topology, foo-foo-mq 10.0 and rabbot 2.1 alike): a connection without `replyQueue` gets
 * `{ name: '<id>.response.queue', autoDelete: true, subscribe: true }`, declared through amqplib (durable by its default)
 * and consumed with foo-foo-mq's defaults (noAck false, and no prefetch without a `limit`), whether or not the code ever
 * sends a request; a string names one with the same options; `replyQueue: false` (or '') makes none. An object is the
 * queue's own options, returned for the caller to read as any configured queue. Options the code does not show whole:
 * nothing is known.
 */
export function replyQueue(ctx: FileContext, call: t.CallExpression | t.OptionalCallExpression, connection: ObjectValue, model: FileModel, library: string): ObjectValue | undefined {
  const prop = connection.props.get('replyQueue');
  if (!prop && connection.open) return undefined;
  const value = prop?.value();
  if (value?.kind === 'object') return value.object;
  if (value && (value.kind !== 'literal' || !value.value)) return undefined;
  const at: Node = connection.file === ctx.file ? connection.node : call;
  const callee = `${calleeLabel(ctx.file, call.callee as Node)}'s reply queue`;
  const syntax: ReplyQueueSyntax = { replyQueue: true, at };
  const name: Resolved<string> = value ? { kind: 'known', value: String(value.value), origin: prop!.file.span(prop!.node) } : unknown(REPLY_NAME);
  const id = `${library}:reply:${at.start}`;
  model.declarations.push(queueDeclaration(ctx, { client: library, id, at, callee, name, options: fixedQueueOptions(library, { durable: true, exclusive: false, autoDelete: true }), syntax }));
  // A finding about what the connection leaves out (a reply queue with no limit) goes where the connection is written.
  const optionsAt = connection.file === ctx.file ? {} : { optionsAt: { span: connection.file.span(connection.node), statementStart: connection.file.statementOf(connection.node).start ?? 0 } };
  model.consumers.push({ ...consumer(ctx, { client: library, id, at, callee, channel: id, queue: name, ack: defaulted<AckMode>('manual', library), prefetch: undefined, syntax }), ...optionsAt });
  return undefined;
}
