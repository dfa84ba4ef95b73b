// rabbitmq-client's publishes: route, body and mandatory flag.
import { defaulted, unknown } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { type PublishFacts } from '../object-api/subjects';
import { booleanOption, optionsOf } from '../model-builders/options';
import { callArgs } from '../model-builders/call-parts';
import { localPropNode, payloadBytes, routeOf, stringArg } from '../model-builders/publish-facts';
import { LIBRARY } from './declarations';

/**
 * `pub.send(envelope | queue, body)` / `ch.basicPublish(envelope | queue, body)`: a string is a
 * queue name (the default exchange); an envelope carries exchange, routingKey and mandatory.
 */
export function rabbitmqClientPublishFacts(ctx: FileContext, call: CallNode): PublishFacts {
  const [envelopeNode, bodyNode] = callArgs(call);
  const body = { payloadBytes: payloadBytes(ctx, bodyNode), payloadAt: bodyNode ? ctx.file.span(bodyNode) : undefined };
  const envelope = envelopeNode ? ctx.resolver.resolve(envelopeNode) : undefined;
  if (envelope?.kind !== 'object') {
    const mandatory = envelope?.kind === 'unknown' ? unknown<boolean>(`the envelope ${envelope.reason}`, envelope.origin) : defaulted(false, LIBRARY);
    return { ...body, mandatory, route: routeOf(ctx, defaulted('', LIBRARY), envelopeNode, LIBRARY) };
  }
  const options = optionsOf(ctx, envelopeNode, 'envelope');
  const local = (key: string) => localPropNode(ctx, envelope.object, key);
  const exchange = envelope.object.props.has('exchange') ? stringArg(ctx, local('exchange'), '', LIBRARY) : defaulted('', LIBRARY);
  return { ...body, mandatory: booleanOption(options, 'mandatory', false, LIBRARY), route: routeOf(ctx, exchange, local('routingKey'), LIBRARY) };
}
