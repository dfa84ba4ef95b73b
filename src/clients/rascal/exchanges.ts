// The exchanges a rascal config asserts.
import type { Node } from '../../parse/ast';
import { defaulted, known, unknown, type ExchangeDeclaration, type Resolved } from '../../model';
import { booleanOption, type Options } from '../model-builders/options';
import { lineAnchor, propertyAt, type PathResult } from '../declarative-config/config-objects';
import { argumentsTable, exchangeDeclaration } from '../model-builders/topology';
import { readString } from '../model-builders/resolved';
import type { FileContext } from '../../resolve/file-context';
import { collectionEntries, RASCAL, vhostCollections, type CollectionEntry, type ConfigUse } from './config-use';
import { asserted } from './queues';

/**
 * Every exchange a rascal config asserts: `vhosts.<v>.exchanges` keyed by name or as an array. The
 * type comes from the exchange, then `vhosts.<v>.defaults.exchanges.type`, then
 * `defaults.vhosts.exchanges.type`, then rascal's default 'topic'; `options` go to amqplib's
 * assertExchange (durable by default).
 */
export function exchangeDeclarations(ctx: FileContext, use: ConfigUse): ExchangeDeclaration[] {
  const cfg = use.object;
  const out: ExchangeDeclaration[] = [];
  for (const { vhost: v, collection: exchanges } of vhostCollections(cfg, 'exchanges')) {
    const inheritedType = [propertyAt(v, 'defaults', 'exchanges', 'type'), propertyAt(cfg, 'defaults', 'vhosts', 'exchanges', 'type')];
    const inheritedAssert = [propertyAt(v, 'defaults', 'exchanges', 'assert'), propertyAt(cfg, 'defaults', 'vhosts', 'exchanges', 'assert')];
    for (const entry of collectionEntries(ctx, exchanges)) {
      const own = (key: string): PathResult => (entry.object ? propertyAt(entry.object, key) : { absent: true });
      if (!asserted([own('assert'), ...inheritedAssert])) continue;
      out.push(declaration(ctx, use, entry, exchanges.node, typeOf([own('type'), ...inheritedType])));
    }
  }
  return out;
}

function typeOf(levels: PathResult[]): Resolved<string> {
  for (const level of levels) {
    if ('absent' in level) continue;
    if ('unknown' in level) return unknown(`the exchange type is unknown: ${level.unknown.reason}`);
    return readString(level.found.file, level.found.value(), level.found.file.span(level.found.node));
  }
  return defaulted('topic', RASCAL);
}

function declaration(ctx: FileContext, use: ConfigUse, entry: CollectionEntry, exchangesNode: Node, type: Resolved<string>): ExchangeDeclaration {
  const optionsProp = entry.object?.props.get('options')?.value();
  const options: Options = optionsProp?.kind === 'object' ? { object: optionsProp.object } : {};
  const reportAt = use.usedAt ?? (entry.file === ctx.file ? entry.node : exchangesNode);
  const name = entry.name.value !== undefined ? known(entry.name.value, entry.file.span(entry.name.node)) : unknown<string>(entry.name.reason ?? 'the exchange has no literal name');
  return exchangeDeclaration(
    {
      id: `${RASCAL}:${entry.file.path}:${entry.node.start}`,
      client: RASCAL,
      at: ctx.file.span(reportAt),
      statementStart: use.usedAt ? (ctx.file.statementOf(use.usedAt).start ?? 0) : lineAnchor(ctx.file, reportAt),
      callee: 'the rascal config',
    },
    { name, type, durable: booleanOption(options, 'durable', true, RASCAL), args: argumentsTable(options) },
    { entry },
  );
}
