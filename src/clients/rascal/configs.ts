// Finds the rascal configs a file hands to a broker, in JS/TS objects or JSON files.
import type * as t from '@babel/types';
import { calleeMethod, isCall, propertyKeyName, unwrap, type Node } from '../../parse/ast';
import { isJsonPath } from '../../parse';
import { known, unknown, type ConnectionOpen, type QueueDeclaration, type Qos, type Resolved } from '../../model';
import { connectionOpenAt } from '../model-builders/connection-open';
import { entriesOf, type ObjectValue } from '../../resolve/values';
import { exportPath, importsPackage } from '../declarative-config/config-objects';
import type { FileContext } from '../../resolve/file-context';
import { RASCAL, type ConfigUse } from './config-use';
import type { RascalQosSyntax } from './subscriptions';

const PACKAGE = /^rascal$/;
const CREATE = new Set(['Broker.create', 'BrokerAsPromised.create', 'createBroker', 'createBrokerAsPromised']);
/** The config wrappers rascal exports, and whether they merge its test defaults (lib/config/tests.js). */
const WRAPPERS = new Map([
  ['withDefaultConfig', false],
  ['withTestConfig', true],
]);
/** Modules named like a rascal config (rascal.js, rascal-config.ts, config.js, config.prod.ts) may hold one without importing rascal. */
const CONFIG_MODULE = /(^|\/)(rascal|config)[^/]*\.[cm]?[jt]s$/i;

export interface FoundConfigs {
  uses: ConfigUse[];
  /** `withTestConfig(x)` with an `x` this file cannot see into. */
  unresolvedTest: { call: t.CallExpression | t.OptionalCallExpression; reason: string }[];
  /** `session.setChannelPrefetch(n)`: a channel-wide prefetch (lib/amqp/SubscriberSession.js). */
  channelPrefetchCalls: Qos[];
  /** Broker.create(): a broker opens its connections (and channels) when it is created. */
  opens: ConnectionOpen[];
}

/**
 * The rascal configs of a file: objects passed to Broker.create / createBroker (possibly through
 * withDefaultConfig / withTestConfig), and objects with rascal's shape (`vhosts.<v>.queues`) in a
 * JSON file, a module that imports rascal, or a module named like a rascal config.
 */
export function findConfigs(ctx: FileContext): FoundConfigs {
  const { file } = ctx;
  const found: FoundConfigs = { uses: [], unresolvedTest: [], channelPrefetchCalls: [], opens: [] };
  const byNode = new Map<t.ObjectExpression, ConfigUse>();
  const add = (object: ObjectValue, test: ConfigUse['test'], usedAt?: Node) => {
    const existing = byNode.get(object.node);
    // The same config used with and without withTestConfig: its queues must suit both.
    if (existing) existing.test ??= test;
    else byNode.set(object.node, { object, test, usedAt: object.file === file ? undefined : usedAt });
  };
  const json = isJsonPath(file.path);
  const imports = !json && importsPackage(file, PACKAGE);
  if (imports) {
    for (const node of file.nodes) {
      if (!isCall(node)) continue;
      if (calleeMethod(node)?.method === 'setChannelPrefetch') found.channelPrefetchCalls.push(setChannelPrefetch(ctx, node));
      mergedWithTestConfig(ctx, node).forEach((object) => add(object, 'testConfig', node));
      const what = exportPath(ctx, node.callee, PACKAGE);
      if (what === undefined || (!WRAPPERS.has(what) && !CREATE.has(what))) continue;
      if (CREATE.has(what)) found.opens.push(brokerOpen(ctx, node));
      const arg = node.arguments[0];
      if (!arg || arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder') continue;
      if (CREATE.has(what) && isWrapped(ctx, arg)) continue;
      const test = WRAPPERS.get(what) ? 'withTestConfig' : undefined;
      const value = ctx.resolver.resolve(arg);
      if (value.kind === 'object') {
        // A production config written in another module is reported where it is written.
        if (value.object.file === file || test) add(value.object, test, node);
      } else if (test) {
        found.unresolvedTest.push({ call: node, reason: value.kind === 'unknown' ? value.reason : 'is not an object' });
      }
    }
  }
  if (json || imports || CONFIG_MODULE.test(file.path)) {
    const local = () => [...byNode.values()].filter((u) => u.object.file === file).map((u) => u.object.node);
    for (const node of file.nodes) {
      if (node.type !== 'ObjectExpression' || byNode.has(node) || !node.properties.some((p) => p.type === 'ObjectProperty' && propertyKeyName(p) === 'vhosts')) continue;
      if (local().some((o) => (o.start ?? 0) <= (node.start ?? 0) && (node.end ?? 0) <= (o.end ?? 0))) continue;
      const value = ctx.resolver.resolve(node);
      if (value.kind === 'object' && hasRascalShape(value.object)) add(value.object, undefined);
    }
  }
  found.uses = [...byNode.values()];
  return found;
}

/**
 * `_.defaultsDeep({}, config, rascal.testConfig)` and the like: a call that merges rascal's
 * `testConfig` with a config does what withTestConfig does to that config.
 */
function mergedWithTestConfig(ctx: FileContext, call: t.CallExpression | t.OptionalCallExpression): ObjectValue[] {
  const args = call.arguments.filter((a): a is t.Expression => a.type !== 'SpreadElement' && a.type !== 'ArgumentPlaceholder');
  if (!args.some((a) => exportPath(ctx, a, PACKAGE) === 'testConfig')) return [];
  return args.map((a) => ctx.resolver.resolve(a)).flatMap((v) => (v.kind === 'object' && hasRascalShape(v.object) ? [v.object] : []));
}

/** `vhosts.<vhost>.queues` (or `.exchanges`): the shape every rascal topology has. */
function hasRascalShape(config: ObjectValue): boolean {
  const vhosts = config.props.get('vhosts')?.value();
  if (vhosts?.kind !== 'object') return false;
  return entriesOf(vhosts.object).some((v) => {
    const vhost = v.value();
    return vhost.kind === 'object' && (vhost.object.props.has('queues') || vhost.object.props.has('exchanges'));
  });
}

/** `Broker.create(withTestConfig(c))`, directly or through a const: the wrapper call is the use. */
function isWrapped(ctx: FileContext, arg: Node, depth = 0): boolean {
  const node = unwrap(arg);
  if (isCall(node)) return WRAPPERS.has(exportPath(ctx, node.callee, PACKAGE) ?? '');
  if (node.type !== 'Identifier' || depth > 4) return false;
  const b = ctx.resolver.scopes.lookup(node.name, node);
  return !!b && b.kind === 'const' && !!b.init && b.path.length === 0 && isWrapped(ctx, b.init, depth + 1);
}

function setChannelPrefetch(ctx: FileContext, call: t.CallExpression | t.OptionalCallExpression): Qos {
  const { file } = ctx;
  const m = calleeMethod(call)!;
  const countNode = call.arguments[0];
  const value = countNode && countNode.type !== 'SpreadElement' && countNode.type !== 'ArgumentPlaceholder' ? ctx.resolver.resolve(countNode) : undefined;
  const count: Resolved<number> =
    value?.kind === 'literal' && typeof value.value === 'number'
      ? known(value.value, file.span(countNode as Node))
      : unknown(value?.kind === 'unknown' ? value.reason : 'the prefetch is not a literal number', countNode ? file.span(countNode as Node) : undefined);
  return {
    kind: 'qos',
    client: RASCAL,
    at: file.span(call),
    statementStart: file.statementOf(call).start ?? 0,
    channel: `rascal:session:${file.source(m.object)}`,
    count,
    global: known(true, file.span(call)),
    syntax: { kind: 'setChannelPrefetch' } satisfies RascalQosSyntax,
  };
}

/** `withTestConfig(config)` where the config cannot be read here: its queues are reported as unknown. */
export function unresolvedTestConfig(ctx: FileContext, call: Node, reason: string): QueueDeclaration {
  const why = `withTestConfig makes every queue non-durable unless the queue's options set durable, and the queues of this config are not known here (the config ${reason})`;
  return {
    kind: 'queue-declaration',
    id: `${RASCAL}:withTestConfig:${call.start}`,
    client: RASCAL,
    at: ctx.file.span(call),
    statementStart: ctx.file.statementOf(call).start ?? 0,
    callee: 'rascal withTestConfig()',
    name: unknown('the queues of a config not known here'),
    durable: unknown(why),
    exclusive: unknown(why),
    autoDelete: unknown(why),
    passive: false,
    arguments: [],
    argumentsIncomplete: why,
    dependsOn: [],
    syntax: undefined,
  };
}

/** `Broker.create(config)`: connects to every vhost; a broker per message or request is churn. */
function brokerOpen(ctx: FileContext, call: t.CallExpression | t.OptionalCallExpression): ConnectionOpen {
  return connectionOpenAt(ctx, call, {
    id: `${RASCAL}:open:${call.start}`,
    client: RASCAL,
    callee: `${ctx.file.source(call.callee).replace(/\s+/g, '')}()`,
    what: 'connection',
    publishMethods: ['publish'],
    closeMethods: ['shutdown', 'nuke'],
    syntax: { call },
  });
}
