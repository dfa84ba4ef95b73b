// @golevelup/nestjs-rabbitmq's module config (RabbitMQModule.forRoot and friends): channels, prefetch, queues.
import { calleeMethod, isCall, type Node } from '../../parse/ast';
import { defaulted, type FileModel, type Qos, type Resolved } from '../../model';
import type { ObjectValue } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import { configLocated, exportOf, factoryResult, objectProperty, readNumber, unknownReason, within } from '../nestjs-family/config';
import { lineAnchor } from '../nestjs-family/edits';
import { golevelupDeclaration } from './queues';
import { GOLEVELUP, GOLEVELUP_PACKAGE } from './names';
import { addExchanges } from './exchanges';

/** The prefetch of each channel the module sets up (`''` is the channel handlers use by default). */
export type ChannelPrefetch = Map<string, Resolved<number>>;

export const channelKey = (name: string) => `${GOLEVELUP}:channel:${name}`;

/**
 * `RabbitMQModule.forRoot(config)` (5.7+), `forRoot(RabbitMQModule, config)` (up to 5.6) and
 * `forRootAsync` with a factory of this file: `queues[]` are declared with amqplib's assertQueue on
 * the default channel (and `exchanges[]` with assertExchange); every channel gets `prefetch(channel.prefetchCount || prefetchCount)`
 * (default 10, never global). Returns the channels' prefetch for handlers of the same file.
 */
export function addModuleConfigs(ctx: FileContext, model: FileModel): ChannelPrefetch | undefined {
  let table: ChannelPrefetch | undefined;
  for (const node of ctx.file.nodes) {
    if (!isCall(node)) continue;
    const m = calleeMethod(node);
    if (!m || (m.method !== 'forRoot' && m.method !== 'forRootAsync') || exportOf(ctx, m.object, GOLEVELUP_PACKAGE) !== 'RabbitMQModule') continue;
    const args = node.arguments.filter((a) => a.type !== 'SpreadElement' && a.type !== 'ArgumentPlaceholder') as Node[];
    const configNode = args.length >= 2 ? args[1] : args[0];
    if (!configNode) continue;
    let config = configLocated(ctx, configNode);
    if (m.method === 'forRootAsync') {
      const factory = config.value.kind === 'object' ? config.value.object.props.get('useFactory') : undefined;
      if (!factory) continue;
      config = factoryResult(config.ctx, factory);
    }
    if (config.value.kind !== 'object') continue;
    addQueues(ctx, node, { ctx: config.ctx, object: config.value.object }, model);
    addExchanges(ctx, node, config.value.object, model);
    table ??= channels(ctx, node, { ctx: config.ctx, object: config.value.object }, model);
  }
  return table;
}

/** The module config and the context it was read in. */
interface ModuleConfig {
  ctx: FileContext;
  object: ObjectValue;
}

function addQueues(ctx: FileContext, call: Node, config: ModuleConfig, model: FileModel): void {
  const queues = config.object.props.get('queues')?.value();
  if (queues?.kind !== 'array') return;
  for (const item of queues.items) {
    if (item.kind !== 'object') continue;
    const entry = item.object;
    const at = within(ctx.file, entry.node, call) ? entry.node : call;
    const decl = golevelupDeclaration(ctx, { entry, readIn: config.ctx, at, callee: 'RabbitMQModule queues[]', nameKey: 'name', optionsKey: 'options' });
    if (decl) model.declarations.push(decl);
  }
}

function channels(ctx: FileContext, call: Node, { ctx: readIn, object: config }: ModuleConfig, model: FileModel): ChannelPrefetch {
  const { file } = ctx;
  const table: ChannelPrefetch = new Map();
  const open = config.open ? `the module config ${config.open}` : undefined;
  const moduleProp = config.props.get('prefetchCount');
  const modulePrefetch = readNumber(moduleProp, 10, GOLEVELUP, open);
  const qos = (name: string, count: Resolved<number>, where: Node) => {
    const q: Qos = {
      kind: 'qos',
      client: GOLEVELUP,
      at: file.span(within(file, where, call) ? where : call),
      statementStart: lineAnchor(file, call),
      channel: channelKey(name),
      count,
      global: defaulted(false, GOLEVELUP),
      syntax: {},
    };
    model.qos.push(q);
  };
  table.set('', modulePrefetch);
  const named = objectProperty(readIn, config, 'channels');
  for (const [name, prop] of named.object?.props ?? []) {
    const channel = prop.value();
    if (channel.kind !== 'object') {
      table.set(name, { kind: 'unknown', reason: unknownReason(`channel ${name}`, channel.kind === 'unknown' ? channel.reason : 'is not an object') });
      continue;
    }
    const own = channel.object.props.get('prefetchCount');
    const ownCount = readNumber(own, 0, GOLEVELUP, channel.object.open);
    // `channel.prefetchCount || prefetchCount`: 0 or left out falls back to the module's.
    const count = ownCount.kind === 'known' && ownCount.value > 0 ? ownCount : ownCount.kind === 'unknown' ? ownCount : modulePrefetch;
    table.set(name, count);
    qos(name, count, prop.node);
    const isDefault = channel.object.props.get('default')?.value();
    if (isDefault?.kind === 'literal' && isDefault.value === true) table.set('', count);
  }
  qos('', table.get('')!, moduleProp?.node ?? call);
  return table;
}
