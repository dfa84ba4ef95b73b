// Where @nestjs/microservices' RMQ options are used: a microservice (server) or a client proxy.
import type * as t from '@babel/types';
import { calleeMethod, isCall, memberName, propertyKeyName, unwrap, type Node } from '../../parse/ast';
import type { ObjectValue, PropertyValue } from '../../resolve/values';
import { contextOf, type FileContext } from '../../resolve/file-context';
import { configLocated, exportOf, factoryResult, objectProperty, propertyExpression, within, type LocatedValue, type ObjectRead } from '../nestjs-family/config';

export const NESTJS_MICROSERVICES = /^@nestjs\/microservices(\/|$)/;

/** Who uses an RMQ options object: a microservice (declares, prefetches and consumes) or a client proxy (declares). */
export type RmqRole = 'server' | 'client' | 'unknown';

/** One place that hands RMQ transport options to Nest. */
export interface RmqSite {
  role: RmqRole;
  /** Where it is reported: the call, the decorator, the ClientsModule entry, or the options object itself. */
  at: Node;
  callee: string;
  /** The transport's `options` ({ urls, queue, queueOptions, noAck, prefetchCount, ... }). */
  options: RmqOptionsValue;
  /** False when a function of another module builds the options: that module reports their declaration and prefetch. */
  declares: boolean;
  /** Reads the options again with another context (one call site of the function they are built in). */
  reread(ctx: FileContext): RmqOptionsValue;
}

/** The transport's options: the object and the context it was read in, absent, or why they cannot be read. */
export type RmqOptionsValue = ObjectRead;

/** The `options` of `{ transport: Transport.RMQ, options }`, or undefined if the value is not such an object. */
function rmqOptionsOf({ ctx, value }: LocatedValue): RmqOptionsValue | undefined {
  if (value.kind !== 'object') return undefined;
  const transport = value.object.props.get('transport');
  const home = transport && contextOf(ctx, transport.file);
  if (!transport || !home || !isTransportRmq(home, propertyExpression(transport))) return undefined;
  return objectProperty(ctx, value.object, 'options');
}

/** The argument of `new ClientRMQ(options)` / `new ServerRMQ(options)`. */
function innerOptionsOf(ctx: FileContext, arg: Node | undefined): RmqOptionsValue {
  if (!arg || arg.type === 'SpreadElement') return { absent: true };
  const read = configLocated(ctx, arg);
  const value = read.value;
  if (value.kind === 'literal' && value.value === undefined) return { absent: true };
  if (value.kind === 'object') return { object: value.object, ctx: read.ctx };
  return { reason: `the options ${value.kind === 'unknown' ? value.reason : 'are not an object'}` };
}

/**
 * Every RMQ transport configuration in a file: `NestFactory.createMicroservice`, `app.connectMicroservice`,
 * `ClientsModule.register/registerAsync`, `ClientProxyFactory.create`, `@Client`, `new ClientRMQ/ServerRMQ`,
 * and then any other `{ transport: Transport.RMQ, options }` object (e.g. exported for another file).
 * `Transport` must come from @nestjs/microservices.
 */
export function rmqSites(ctx: FileContext): RmqSite[] {
  const sites: RmqSite[] = [];
  const seen = new Set<Node>();
  // `config(c)` reads the `{ transport, options }` object with a context, so that it can be read again.
  const fromConfig = (role: RmqRole, at: Node, callee: string, config: (c: FileContext) => LocatedValue) => {
    const read = config(ctx);
    const options = rmqOptionsOf(read);
    // The whole `{ transport, options }` is a parameter of a helper (`bootstrap(module, opts)`): each call decides it,
    // read again there. The callers' own objects declare the queue.
    if (!options && read.value.kind === 'unknown' && read.value.param && role !== 'unknown') {
      const param = read.value.param;
      const reason = `the microservice options are the parameter \`${param.name}\`: each call decides them`;
      sites.push({ role, at, callee, options: { reason, param }, declares: false, reread: (c) => rmqOptionsOf(config(c)) ?? { reason: 'the options are not RMQ options at this call' } });
      return;
    }
    if (!options || read.value.kind !== 'object') return;
    seen.add(read.value.object.props.get('transport')!.node);
    // Options a function of another module builds are declared there, and the engine reads that declaration at
    // this call with its arguments: here they only add the consumer.
    // An object written in another module (reached through a provider, a Map's entry) is declared there, by its own pass.
    const declares = read.ctx.file === ctx.file && read.value.object.file === ctx.file;
    sites.push({ role, at, callee, options, declares, reread: (c) => rmqOptionsOf(config(c)) ?? { reason: 'the options are not RMQ options at this call' } });
  };

  for (const node of ctx.file.nodes) {
    if (node.type === 'NewExpression') {
      const name = exportOf(ctx, node.callee, NESTJS_MICROSERVICES);
      if (name !== 'ClientRMQ' && name !== 'ServerRMQ') continue;
      const arg = node.arguments[0] as Node | undefined;
      sites.push({ role: name === 'ServerRMQ' ? 'server' : 'client', at: node, callee: `new ${name}()`, options: innerOptionsOf(ctx, arg), declares: true, reread: (c) => innerOptionsOf(c, arg) });
      continue;
    }
    if (!isCall(node)) continue;
    const args = node.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));
    const label = `${ctx.file.source(node.callee).replace(/\s+/g, '')}()`;
    const m = calleeMethod(node);
    const argument = (i: number) => (c: FileContext) => configLocated(c, args[i]!);
    if (m?.method === 'createMicroservice' && args[1]) fromConfig('server', node, label, argument(1));
    else if (m?.method === 'connectMicroservice' && args[0]) fromConfig('server', node, label, argument(0));
    else if (m && args[0] && exportOf(ctx, m.object, NESTJS_MICROSERVICES) === 'ClientProxyFactory' && m.method === 'create') fromConfig('client', node, label, argument(0));
    else if (m && args[0] && exportOf(ctx, m.object, NESTJS_MICROSERVICES) === 'ClientsModule' && (m.method === 'register' || m.method === 'registerAsync')) {
      const registerAsync = m.method === 'registerAsync';
      clientEntries(ctx, args[0]).forEach((entry, i) => {
        const at = within(ctx.file, entry.object.node, node) ? entry.object.node : node;
        fromConfig('client', at, label, (c) => {
          const again = c === ctx ? entry : clientEntries(c, args[0]!)[i];
          if (!again) return { ctx: c, value: { kind: 'unknown', reason: 'the client entry is not found' } };
          if (!registerAsync) return { ctx: again.ctx, value: { kind: 'object', object: again.object } };
          const factory = again.object.props.get('useFactory');
          return factory ? factoryResult(again.ctx, factory) : { ctx: c, value: { kind: 'unknown', reason: 'the client has no useFactory' } };
        });
      });
    } else if (!m && args[0] && exportOf(ctx, node.callee, NESTJS_MICROSERVICES) === 'Client') fromConfig('client', node, '@Client()', argument(0));
  }

  // Options objects no recognised call reaches in this file (exported, or built for another file).
  for (const node of ctx.file.nodes) {
    if (node.type !== 'ObjectExpression') continue;
    const transport = node.properties.find((p): p is t.ObjectProperty => p.type === 'ObjectProperty' && propertyKeyName(p) === 'transport');
    if (!transport || seen.has(transport) || !isTransportRmq(ctx, transport.value as Node)) continue;
    fromConfig('unknown', node, 'RMQ transport options', (c) => ({ ctx: c, value: c.resolver.resolve(node) }));
  }
  return sites;
}

/** `register([...])`, `register({ clients: [...] })`, and the same for registerAsync: each entry and the context it was read in. */
function clientEntries(ctx: FileContext, arg: Node): { object: ObjectValue; ctx: FileContext }[] {
  const read = configLocated(ctx, arg);
  let value = read.value;
  if (value.kind === 'object') {
    const clients: PropertyValue | undefined = value.object.props.get('clients');
    value = clients ? clients.value() : { kind: 'unknown', reason: 'no clients' };
  }
  if (value.kind !== 'array') return [];
  return value.items.flatMap((item) => (item.kind === 'object' ? [{ object: item.object, ctx: read.ctx }] : []));
}

/** `Transport.RMQ` (or a constant holding it), with Transport from @nestjs/microservices. */
function isTransportRmq(ctx: FileContext, expr: Node, depth = 0): boolean {
  const node = unwrap(expr);
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'RMQ') {
    return exportOf(ctx, node.object, NESTJS_MICROSERVICES) === 'Transport';
  }
  if (node.type === 'Identifier' && depth < 3) {
    const b = ctx.resolver.scopes.lookup(node.name, node);
    if (b?.kind === 'const' && b.init && b.path.length === 0) return isTransportRmq(ctx, b.init, depth + 1);
  }
  // `config.transport` of an object a helper built (`const config = createRetryConfig(opts)`): what that property is written as.
  if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && depth < 3) {
    const name = memberName(node);
    const object = name ? ctx.resolver.resolve(node.object as Node) : undefined;
    const prop = object?.kind === 'object' ? object.object.props.get(name!) : undefined;
    const home = prop && contextOf(ctx, prop.file);
    return !!prop && !!home && prop.node.type === 'ObjectProperty' && isTransportRmq(home, prop.node.value as Node, depth + 1);
  }
  return false;
}
