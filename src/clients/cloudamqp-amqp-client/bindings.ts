// @cloudamqp/amqp-client's queue bindings.
import type { QueueBinding } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { calleeLabel, callArgs } from '../model-builders/call-parts';
import { stringArg } from '../model-builders/publish-facts';
import { queueBindingAt } from '../model-builders/queue-binding';
import { LIBRARY } from './declarations';

/** `ch.queueBind(queue, exchange, routingKey, args?)`. */
export function queueBindCall(ctx: FileContext, call: CallNode): QueueBinding {
  const [queueNode, exchangeNode] = callArgs(call);
  return queueBindingAt(ctx, call, LIBRARY, calleeLabel(ctx, call), queueNode, stringArg(ctx, exchangeNode, '', LIBRARY));
}
