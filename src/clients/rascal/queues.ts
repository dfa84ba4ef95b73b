// The queues a rascal config asserts (their options go to amqplib's assertQueue).
import type * as t from '@babel/types';
import type { Node, ParsedFile } from '../../parse/ast';
import { defaulted, known, unknown, type QueueArgument, type QueueDeclaration, type QueueFlag, type Resolved, type Span } from '../../model';
import type { ObjectValue } from '../../resolve/values';
import { AMQPLIB_DIALECT, readQueueOptions, type QueueOptions, type QueueOptionsDialect, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { lineAnchor, propertyAt, valueNode, type PathResult } from '../declarative-config/config-objects';
import { contextOf, type FileContext } from '../../resolve/file-context';
import { collectionEntries, RASCAL, RASCAL_TEST, vhostCollections, type CollectionEntry, type ConfigUse } from './config-use';

/** A queue's `options` go unchanged to amqplib's assertQueue (lib/amqp/tasks/assertQueues.js). */
const DIALECT: QueueOptionsDialect = { ...AMQPLIB_DIALECT, library: RASCAL };
const FLAGS: readonly QueueFlag[] = ['durable', 'exclusive', 'autoDelete'];

/** What the rascal renderer needs for a queue. */
export interface RascalQueueSyntax {
  /** The queue's own options merged with the defaults it inherits (each value where it is written). */
  options: QueueOptionsSyntax;
  /** The queue's entry object, where an `options` object can be added. */
  entry?: ObjectValue;
  /** An array item that is only the queue's name. */
  nameLiteral?: t.StringLiteral;
  file: ParsedFile;
  /** The config is written in another file than the one the finding is reported in. */
  configuredIn?: ParsedFile;
  test: boolean;
}

/**
 * Every queue a rascal config asserts: `vhosts.<v>.queues` keyed by name or as an array. A queue's
 * options inherit `vhosts.<v>.defaults.queues.options`, then `defaults.vhosts.queues.options`
 * (lib/config/configure.js), then withTestConfig's `durable: false`, then amqplib's defaults.
 */
export function queueDeclarations(ctx: FileContext, use: ConfigUse): QueueDeclaration[] {
  const cfg = use.object;
  const out: QueueDeclaration[] = [];
  for (const { vhost: v, name: vhost, collection: queues } of vhostCollections(cfg, 'queues')) {
    const inherited = {
      options: [propertyAt(v, 'defaults', 'queues', 'options'), propertyAt(cfg, 'defaults', 'vhosts', 'queues', 'options')],
      assert: [propertyAt(v, 'defaults', 'queues', 'assert'), propertyAt(cfg, 'defaults', 'vhosts', 'queues', 'assert')],
    };
    for (const entry of collectionEntries(ctx, queues)) {
      const own = entry.object ? propertyAt(entry.object, 'assert') : ({ absent: true } as const);
      if (!asserted([own, ...inherited.assert])) continue;
      const ownOptions = entry.object ? propertyAt(entry.object, 'options') : ({ absent: true } as const);
      const levels = [ownOptions, ...inherited.options].map((r) => readLevel(ctx, r));
      out.push({ ...declaration(ctx, use, entry, queues.node, levels), ...(vhost !== undefined ? { vhost } : {}) });
    }
  }
  return out;
}

/** `assert: false` (on the queue or in the defaults) means rascal never declares the queue. */
export function asserted(levels: PathResult[]): boolean {
  for (const level of levels) {
    if ('absent' in level) continue;
    if ('unknown' in level) return true;
    const v = level.found.value();
    return v.kind !== 'literal' || !!v.value;
  }
  return true;
}

function readLevel(ctx: FileContext, level: PathResult): QueueOptions | undefined {
  if ('absent' in level) return undefined;
  if ('unknown' in level) return unknownLevel(`the queue options are unknown: ${level.unknown.reason}`);
  const owner = contextOf(ctx, level.found.file);
  if (!owner) return unknownLevel(`the queue options are written in ${level.found.file.path}, which is not loaded`);
  return readQueueOptions(owner.file, owner.resolver, valueNode(level.found), DIALECT);
}

function unknownLevel(reason: string): QueueOptions {
  return {
    durable: unknown(reason),
    exclusive: unknown(reason),
    autoDelete: unknown(reason),
    arguments: [],
    argumentsIncomplete: reason,
    dependsOn: [],
    syntax: { flags: {}, argumentSources: new Map(), optionsUnknown: reason },
  };
}

function declaration(ctx: FileContext, use: ConfigUse, entry: CollectionEntry, queuesNode: Node, levels: (QueueOptions | undefined)[]): QueueDeclaration {
  const fallback: Record<QueueFlag, Resolved<boolean>> = {
    durable: use.test ? defaulted(false, RASCAL_TEST[use.test]) : defaulted(true, RASCAL),
    exclusive: defaulted(false, RASCAL),
    autoDelete: defaulted(false, RASCAL),
  };
  const [own] = levels;
  const syntax: QueueOptionsSyntax = {
    options: own?.syntax.options,
    optionsUnknown: own?.syntax.optionsUnknown,
    argumentsObject: own?.syntax.argumentsObject,
    argumentsProp: own?.syntax.argumentsProp,
    flags: {},
    argumentSources: new Map(),
  };
  const dependsOn: Span[] = [...(own?.dependsOn ?? []), entry.file.span(entry.node)];
  const flags = {} as Record<QueueFlag, Resolved<boolean>>;
  for (const flag of FLAGS) {
    const level = levels.find((l) => l && l[flag].kind !== 'default');
    flags[flag] = level ? level[flag] : fallback[flag];
    if (level?.syntax.flags[flag]) syntax.flags[flag] = level.syntax.flags[flag];
    const r = flags[flag];
    if (level && level !== own && r.kind !== 'default' && r.origin) dependsOn.push(r.origin);
  }
  // An x-argument comes from the first level that sets it; removing it removes it everywhere.
  const args = new Map<string, QueueArgument>();
  for (const level of levels) {
    if (!level) continue;
    for (const arg of level.arguments) {
      if (args.has(arg.key)) continue;
      args.set(arg.key, arg);
      if (level === own) continue;
      const holder = arg.via === 'arguments' ? level.syntax.argumentsObject : level.syntax.options;
      if (holder) dependsOn.push(holder.origin);
    }
    for (const [key, sources] of level.syntax.argumentSources) syntax.argumentSources.set(key, [...(syntax.argumentSources.get(key) ?? []), ...sources]);
  }
  const reportAt = use.usedAt ?? (entry.file === ctx.file ? entry.node : queuesNode);
  const name = entry.name.value !== undefined ? known(entry.name.value, entry.file.span(entry.name.node)) : unknown<string>(entry.name.reason ?? 'the queue has no literal name');
  return {
    kind: 'queue-declaration',
    id: `${RASCAL}:${entry.file.path}:${entry.node.start}`,
    client: RASCAL,
    at: ctx.file.span(reportAt),
    statementStart: use.usedAt ? (ctx.file.statementOf(use.usedAt).start ?? 0) : lineAnchor(ctx.file, reportAt),
    callee: entry.name.value !== undefined ? `rascal queue '${entry.name.value}'` : 'rascal queue',
    name,
    durable: flags.durable,
    exclusive: flags.exclusive,
    autoDelete: flags.autoDelete,
    passive: false,
    arguments: [...args.values()],
    argumentsIncomplete: levels.find((l) => l?.argumentsIncomplete)?.argumentsIncomplete,
    dependsOn,
    syntax: {
      options: syntax,
      entry: entry.object,
      nameLiteral: entry.nameLiteral,
      file: entry.file,
      configuredIn: entry.file === ctx.file ? undefined : entry.file,
      test: !!use.test,
    } satisfies RascalQueueSyntax,
  };
}
