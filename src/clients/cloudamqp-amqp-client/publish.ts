// @cloudamqp/amqp-client's publishes: route, body and mandatory flag.
import { defaulted } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { type PublishFacts } from '../object-api/subjects';
import { callArgs } from '../model-builders/call-parts';
import { booleanArg, payloadBytes, routeOf, stringArg } from '../model-builders/publish-facts';
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
