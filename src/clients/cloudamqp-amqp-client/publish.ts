import { defaulted } from '../../model';
import type { FileContext } from '../types';
import type { CallNode } from '../shared/resolved';
import { callArgs, type PublishFacts } from '../shared/rabbitmq-client-cloudamqp-subjects';
import { booleanArg, payloadBytes, routeOf, stringArg } from '../shared/publish-facts';
import { LIBRARY } from './declarations';

/** `ch.basicPublish(exchange, routingKey, data, properties, mandatory = false)`. */
export function basicPublishFacts(ctx: FileContext, call: CallNode): PublishFacts {
  const [exchangeNode, routingKeyNode, dataNode, , mandatoryNode] = callArgs(call);
  return {
    payloadBytes: payloadBytes(ctx, dataNode),
    payloadAt: dataNode ? ctx.file.span(dataNode) : undefined,
    mandatory: booleanArg(ctx, mandatoryNode, false, LIBRARY),
    route: routeOf(ctx, exchangeNode ? stringArg(ctx, exchangeNode, '', LIBRARY) : defaulted('', LIBRARY), routingKeyNode, LIBRARY),
  };
}

/** `q.publish(body, properties)`: the queue object knows where it goes; only the body is read here. */
export function queuePublishFacts(ctx: FileContext, call: CallNode): PublishFacts {
  const [bodyNode] = callArgs(call);
  return { payloadBytes: payloadBytes(ctx, bodyNode), payloadAt: bodyNode ? ctx.file.span(bodyNode) : undefined };
}
