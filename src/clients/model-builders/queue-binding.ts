// A queue binding as the model holds it.
import type { Node } from '../../parse/ast';
import type { QueueBinding, Resolved } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from './resolved';
import { isReplyToOfReceived, stringArg } from './publish-facts';

/** A queue.bind call: `queueNode` is the queue name as written, `exchange` the exchange it binds to. */
export function queueBindingAt(ctx: FileContext, call: CallNode, client: string, callee: string, queueNode: Node | undefined, exchange: Resolved<string>): QueueBinding {
  return {
    kind: 'queue-binding',
    id: `${client}:${call.start}`,
    client,
    at: ctx.file.span(call),
    statementStart: ctx.file.statementOf(call).start ?? 0,
    callee,
    queue: stringArg(ctx, queueNode, '', client),
    exchange,
    replyToOfReceived: isReplyToOfReceived(ctx, queueNode) || undefined,
    syntax: { call },
  };
}
