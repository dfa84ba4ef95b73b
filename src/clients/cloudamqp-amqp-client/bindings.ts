import type { QueueBinding } from '../../model';
import type { FileContext } from '../types';
import type { CallNode } from '../shared/resolved';
import { calleeLabel, callArgs } from '../shared/rabbitmq-client-cloudamqp-subjects';
import { stringArg } from '../shared/publish-facts';
import { queueBindingAt } from '../shared/queue-binding';
import { LIBRARY } from './declarations';

/** `ch.queueBind(queue, exchange, routingKey, args?)`. */
export function queueBindCall(ctx: FileContext, call: CallNode): QueueBinding {
  const [queueNode, exchangeNode] = callArgs(call);
  return queueBindingAt(ctx, call, LIBRARY, calleeLabel(ctx, call), queueNode, stringArg(ctx, exchangeNode, '', LIBRARY));
}
