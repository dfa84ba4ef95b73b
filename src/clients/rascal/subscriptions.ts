// A rascal config's subscriptions: consumers with rascal's default prefetch of 10.
import type * as t from '@babel/types';
import { propertyKeyName, unwrap, type Node } from '../../parse/ast';
import { defaulted, known, unknown, type AckMode, type Consumer, type FileModel, type Qos, type Resolved } from '../../model';
import { entriesOf, type ObjectValue, type PropertyValue } from '../../resolve/values';
import { readAny, readString } from '../model-builders/resolved';
import { lineAnchor, propertyAt, type PathResult } from '../declarative-config/config-objects';
import type { FileContext } from '../../resolve/file-context';
import { RASCAL, type ConfigUse } from './config-use';

/** rascal's baseline prefetch for every subscription (lib/config/baseline.js). */
const BASELINE_PREFETCH = 10;

/** What the rascal renderer needs for a subscription's channel-wide prefetch. */
export type RascalQosSyntax =
  /** `prefetch` next to channelPrefetch: none, one that sends no prefetch (0, false), or a real one. */
  | { kind: 'channelPrefetch'; prop: PropertyValue; sibling?: { prop: PropertyValue; sendsNone: boolean } }
  | { kind: 'setChannelPrefetch' };

/**
 * The subscriptions of a config (`subscriptions` and `vhosts.<v>.subscriptions`) as consumers:
 * amqplib consume with rascal's options (noAck defaults to false), `prefetch` (10 unless set, per
 * consumer) and `channelPrefetch` (a global prefetch: prefetch(n, true), lib/amqp/Subscription.js).
 * Each subscription consumes on its own channel. Defaults come from `defaults.subscriptions`.
 */
export function readSubscriptions(ctx: FileContext, use: ConfigUse, model: FileModel): void {
  // A config from another file reports its subscriptions where it is written.
  if (use.usedAt) return;
  const cfg = use.object;
  const lists: PropertyValue[] = [];
  const top = cfg.props.get('subscriptions');
  if (top) lists.push(top);
  const vhosts = cfg.props.get('vhosts')?.value();
  if (vhosts?.kind === 'object') {
    for (const vhost of entriesOf(vhosts.object)) {
      const v = vhost.value();
      const subs = v.kind === 'object' ? v.object.props.get('subscriptions') : undefined;
      if (subs) lists.push(subs);
    }
  }
  const defaults = {
    prefetch: propertyAt(cfg, 'defaults', 'subscriptions', 'prefetch'),
    channelPrefetch: propertyAt(cfg, 'defaults', 'subscriptions', 'channelPrefetch'),
    noAck: propertyAt(cfg, 'defaults', 'subscriptions', 'options', 'noAck'),
  };
  for (const list of lists) {
    const value = list.value();
    if (value.kind !== 'object') continue;
    for (const sub of entriesOf(value.object)) {
      const v = sub.value();
      if (v.kind === 'object' && sub.file === ctx.file) subscription(ctx, sub, v.object, defaults, model);
    }
  }
}

type Defaults = Record<'prefetch' | 'channelPrefetch' | 'noAck', PathResult>;

function subscription(ctx: FileContext, entry: PropertyValue, sub: ObjectValue, defaults: Defaults, model: FileModel): void {
  const { file } = ctx;
  const channel = `rascal:subscription:${entry.node.start}`;
  const statementStart = lineAnchor(file, entry.node);
  const queueProp = sub.props.get('queue');
  const queue: Resolved<string> = queueProp ? readString(file, queueProp.value(), file.span(queueProp.node)) : unknown('the subscription names no queue');
  const ack = ackOf(first(propertyAt(sub, 'options', 'noAck'), defaults.noAck));
  let prefetch = numberOf(first(propertyAt(sub, 'prefetch'), defaults.prefetch), BASELINE_PREFETCH);
  const channelPrefetch = first(propertyAt(sub, 'channelPrefetch'), defaults.channelPrefetch);
  if ('found' in channelPrefetch) {
    const count = numberOf(channelPrefetch, 0);
    if (count.kind === 'known' && count.value > 0) {
      const prop = channelPrefetch.found;
      const inherited = prop.holder !== sub.node || prop.file !== file;
      model.qos.push({
        kind: 'qos',
        client: RASCAL,
        at: file.span(inherited ? entry.node : prop.node),
        statementStart: inherited ? statementStart : lineAnchor(file, prop.node),
        channel,
        count,
        global: known(true, file.span(inherited ? entry.node : prop.node)),
        syntax: { kind: 'channelPrefetch', prop, sibling: siblingPrefetch(prop) } satisfies RascalQosSyntax,
      });
      // With no per-consumer prefetch, the channel-wide one still bounds this channel's only consumer.
      if (prefetch.kind !== 'unknown' && prefetch.value === 0) prefetch = count;
    }
  }
  const consumerArguments: Consumer['consumerArguments'] = [];
  const args = propertyAt(sub, 'options', 'arguments');
  const table = 'found' in args ? args.found.value() : undefined;
  if (table?.kind === 'object') for (const [key, p] of table.object.props) consumerArguments.push({ key, value: readAny(p.value(), file.span(p.node)) });
  const priority = propertyAt(sub, 'options', 'priority');
  if ('found' in priority) consumerArguments.push({ key: 'x-priority', value: readAny(priority.found.value(), file.span(priority.found.node)) });
  model.consumers.push({
    kind: 'consumer',
    id: `${RASCAL}:${entry.node.start}`,
    client: RASCAL,
    at: file.span(entry.node),
    statementStart,
    callee: `rascal subscription '${entry.key}'`,
    channel,
    queue,
    ack,
    prefetch,
    consumerArguments,
    syntax: { subscription: entry.key },
  });
}

function siblingPrefetch(prop: PropertyValue): { prop: PropertyValue; sendsNone: boolean } | undefined {
  const node = prop.holder.properties.find((p) => p.type === 'ObjectProperty' && propertyKeyName(p) === 'prefetch') as t.ObjectProperty | undefined;
  if (!node) return undefined;
  const sibling: PropertyValue = { key: 'prefetch', file: prop.file, node, holder: prop.holder, value: () => ({ kind: 'unknown', reason: 'not read' }) };
  const v = unwrap(node.value as Node);
  const sendsNone = (v.type === 'NumericLiteral' && v.value === 0) || (v.type === 'BooleanLiteral' && !v.value) || v.type === 'NullLiteral';
  return { prop: sibling, sendsNone };
}

/** The subscription's own setting, else the one in `defaults.subscriptions`. */
function first(own: PathResult, inherited: PathResult): PathResult {
  return 'absent' in own ? inherited : own;
}

function ackOf(level: PathResult): Resolved<AckMode> {
  if ('absent' in level) return defaulted('manual', RASCAL);
  if ('unknown' in level) return unknown(`noAck ${level.unknown.reason}`, level.unknown.origin);
  const v = level.found.value();
  const at = level.found.file.span(level.found.node);
  if (v.kind === 'unknown') return unknown(v.reason, v.origin ?? at);
  if (v.kind === 'literal') return known(v.value ? 'auto' : 'manual', v.origin ?? at);
  return known('auto', at);
}

/** A prefetch option as rascal reads it: `if (config.prefetch)`, so a falsy value sets none (0). */
function numberOf(level: PathResult, fallback: number): Resolved<number> {
  if ('absent' in level) return defaulted(fallback, RASCAL);
  if ('unknown' in level) return unknown(level.unknown.reason, level.unknown.origin);
  const v = level.found.value();
  const at = level.found.file.span(level.found.node);
  if (v.kind === 'unknown') return unknown(v.reason, v.origin ?? at);
  if (v.kind === 'literal') return known(typeof v.value === 'number' ? v.value : Number(v.value) || 0, v.origin ?? at);
  return unknown('the prefetch is not a number', at);
}
