import type { Node } from '../../parse/ast';
import type { FileModel } from '../../model';
import type { ObjectValue } from '../../resolve/values';
import type { FileContext } from '../types';
import type { CallNode } from '../shared/resolved';
import { within } from '../shared/nestjs-config';
import { booleanOption, nestedOptions, optionProp, type Options } from '../shared/rabbitmq-client-cloudamqp-subjects';
import { argumentsTable, exchangeSubject, stringOption } from '../shared/topology';
import { GOLEVELUP } from './names';

/**
 * The module config's `exchanges: [{ name, type, options }]`: the library asserts each with amqplib's
 * `assertExchange(name, type || defaultExchangeType, options)` ('topic' by default; durable by default).
 */
export function addExchanges(ctx: FileContext, call: CallNode, config: ObjectValue, model: FileModel): void {
  const exchanges = config.props.get('exchanges')?.value();
  if (exchanges?.kind !== 'array') return;
  const defaultType = stringOption({ object: config }, 'defaultExchangeType', 'topic', GOLEVELUP);
  for (const item of exchanges.items) {
    if (item.kind !== 'object') continue;
    const entry: Options = { object: item.object };
    const optionsProp = optionProp(entry, 'options').prop;
    const options = optionsProp ? nestedOptions(optionsProp, 'exchange options') : {};
    const at: Node = within(ctx.file, item.object.node, call) ? item.object.node : call;
    model.exchanges.push(
      exchangeSubject(
        ctx,
        call,
        GOLEVELUP,
        {
          name: stringOption(entry, 'name', '', GOLEVELUP),
          type: optionProp(entry, 'type').prop ? stringOption(entry, 'type', '', GOLEVELUP) : defaultType,
          durable: booleanOption(options, 'durable', true, GOLEVELUP),
          args: argumentsTable(options),
        },
        at,
      ),
    );
  }
}
