// rabbitmq-client's queue bindings.
import { defaulted, type QueueBinding } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { calleeLabel, callArgs } from '../model-builders/call-parts';
import { localPropNode, stringArg } from '../model-builders/publish-facts';
import { queueBindingAt } from '../model-builders/queue-binding';
import { LIBRARY } from './declarations';

/** `ch.queueBind({ queue, exchange, routingKey })` (also on the connection); undefined if the props are not an object literal. */
export function queueBindCall(ctx: FileContext, call: CallNode): QueueBinding | undefined {
  const [propsNode] = callArgs(call);
  const props = propsNode ? ctx.resolver.resolve(propsNode) : undefined;
  if (props?.kind !== 'object') return undefined;
  const exchangeNode = localPropNode(ctx, props.object, 'exchange');
  return queueBindingAt(ctx, call, LIBRARY, calleeLabel(ctx, call), localPropNode(ctx, props.object, 'queue'), exchangeNode ? stringArg(ctx, exchangeNode, '', LIBRARY) : defaulted('', LIBRARY));
}
