// @golevelup/nestjs-rabbitmq's exchanges from the module config.
import type { Node } from '../../parse/ast';
import type { FileModel } from '../../model';
import type { ObjectValue } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { within } from '../nestjs-family/config';
import { booleanOption, nestedOptions, optionProp, type Options } from '../model-builders/options';
import { argumentsTable, exchangeSubject, stringOption } from '../model-builders/topology';
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
