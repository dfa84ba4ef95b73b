// amqplib's and amqp-connection-manager's objects as the project-level tracker follows them: modules,
// connect functions, connections, channels (with their confirm mode), managers and channel wrappers.
import type * as t from '@babel/types';
import { propertyKeyName, unwrap, type Node } from '../../parse/ast';
import type { CallNode, LibKind, LibObject, Located, ObjectShape } from '../../resolve/objects/shape';
import type { ApiShape } from '../../resolve/contracts';
import { placeKey } from '../../resolve/objects/traced';
import type { Value } from '../../resolve/values';

export const ACM = 'amqp-connection-manager';
const CHANNEL_METHODS = new Set(['createChannel', 'createConfirmChannel']);

const channel = (client: string, confirm: boolean | 'unknown', from: LibObject | undefined, extra: Partial<LibKind> = {}): LibKind => ({ kind: 'channel', library: 'amqplib', facts: { client, confirm, ...vhostFrom(from) }, ...extra });

/** The vhost fact an object passes on to the objects it makes (a connection's to its channels). */
const vhostFrom = (o: LibObject | undefined): { vhost?: string } => (typeof o?.facts.vhost === 'string' ? { vhost: o.facts.vhost } : {});

/**
 * The vhost a connect call names (amqplib's rules, lib/connect.js): a URL's path without its slash
 * (unescaped; none or empty: '/'), an options object's `vhost` (none: '/'), '/' with no argument;
 * amqp-connection-manager's list of URLs, when they all agree. Undefined when run time decides.
 */
export function connectVhost(call: Located<CallNode>): { vhost?: string } {
  const arg = call.node.arguments[0];
  if (!arg) return { vhost: '/' };
  if (arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder') return {};
  const vhost = vhostOfValue(call.ctx.resolver.resolve(arg as Node));
  return vhost === undefined ? {} : { vhost };
}

function vhostOfValue(v: Value): string | undefined {
  if (v.kind === 'literal' && typeof v.value === 'string') {
    let url: URL;
    try {
      url = new URL(v.value);
    } catch {
      return undefined;
    }
    const path = url.pathname.replace(/^\//, '');
    try {
      return path ? decodeURIComponent(path) : '/';
    } catch {
      return undefined;
    }
  }
  if (v.kind === 'object') {
    if (v.object.open) return undefined;
    const url = v.object.props.get('url');
    if (url) return vhostOfValue(url.value());
    const vhost = v.object.props.get('vhost');
    if (!vhost) return '/';
    const value = vhost.value();
    return value.kind === 'literal' && typeof value.value === 'string' ? value.value || '/' : undefined;
  }
  if (v.kind === 'array' && v.items.length) {
    const each = v.items.map(vhostOfValue);
    return each.every((x) => x !== undefined && x === each[0]) ? each[0] : undefined;
  }
  return undefined;
}

/**
 * The calls amqplib's channels and amqp-connection-manager's wrappers share (lib/channel_model.js, ChannelWrapper.ts):
 * other libraries' consume / publish take other arguments (node-rdkafka's consume(count, cb), NATS's consume(options),
 * Redis's publish(channel, message)).
 */
const CHANNEL_API = (receiver: string, only?: true): ApiShape[] => [
  // assertQueue(name?, options?, cb?): only amqplib and amqp-connection-manager have it.
  { method: 'assertQueue', receiver, makes: 'declaration', forms: [[], ['value'], ['value', 'any'], ['value', 'any', 'any']], ...(only ? { only } : {}) },
  { method: 'consume', receiver, makes: 'consumer', forms: [['name', 'function'], ['name', 'function', 'options']] },
  // sendToQueue(queue, content, options?): no other library has the method.
  { method: 'sendToQueue', receiver, makes: 'publish', forms: [['value', 'value'], ['value', 'value', 'options']], ...(only ? { only } : {}) },
  // publish(exchange, routingKey, content, options?).
  { method: 'publish', receiver, makes: 'publish', forms: [['value', 'value', 'value'], ['value', 'value', 'value', 'options']] },
  { method: 'bindQueue', receiver, makes: 'binding', forms: [['value', 'value', 'value'], ['value', 'value', 'value', 'any']], ...(only ? { only } : {}) },
  { method: 'assertExchange', receiver, makes: 'exchange', forms: [['value', 'value'], ['value', 'value', 'any']], ...(only ? { only } : {}) },
  { method: 'deleteQueue', receiver, makes: 'deletion', forms: [['value'], ['value', 'any']] },
];

/** amqplib's channel and connection calls as data, for receivers the tracker cannot follow. */
const AMQPLIB_API: ApiShape[] = [
  ...CHANNEL_API('channel', true),
  { method: 'checkQueue', receiver: 'channel', makes: 'check', forms: [['value'], ['value', 'function']], only: true },
  // prefetch(count, global?) / qos: a number, never a string or an object.
  { method: 'prefetch', receiver: 'channel', makes: 'qos', forms: [['number'], ['number', 'any']] },
  { method: 'qos', receiver: 'channel', makes: 'qos', forms: [['number'], ['number', 'any']] },
  // conn.createChannel() (promise API) or conn.createChannel((err, ch) => ...) (callback API): a channel the code opens.
  { method: 'createChannel', receiver: 'connection', makes: 'object', forms: [[], ['function']] },
  { method: 'createConfirmChannel', receiver: 'connection', makes: 'object', forms: [[], ['function']] },
];

/** amqplib (promise API and amqplib/callback_api). */
export const AMQPLIB_SHAPE: ObjectShape = {
  library: 'amqplib',
  api: { packageName: 'amqplib', shapes: AMQPLIB_API, evidence: 'project', facts: (kind) => (kind === 'channel' ? { client: 'amqplib', confirm: 'unknown' } : {}) },
  source: /^amqplib(\/callback_api)?$/,
  bareJsdocTypes: ['Channel', 'ConfirmChannel'],
  imported: (name) => (name === 'default' || name === '*' ? { kind: 'module' } : name === 'connect' ? { kind: 'connect' } : undefined),
  member: (of, name) => (of.kind === 'module' && name === 'connect' ? { kind: 'connect' } : undefined),
  call: (callee, call) => (callee.kind === 'connect' ? { kind: 'connection', facts: connectVhost(call) } : undefined),
  method(target, method, call) {
    if (target.kind === 'module' && method === 'connect') return { kind: 'connection', facts: connectVhost(call) };
    if (target.kind === 'connection' && CHANNEL_METHODS.has(method)) return channel('amqplib', method === 'createConfirmChannel', target);
    return undefined;
  },
  // Callback API: connect(url, (err, conn) => ...), conn.createChannel((err, ch) => ...).
  callbackParam(target, method, _arg, param, call) {
    if (param !== 1) return undefined;
    if (target.kind === 'connection' && CHANNEL_METHODS.has(method)) return channel('amqplib', method === 'createConfirmChannel', target);
    if ((target.kind === 'module' && method === 'connect') || (target.kind === 'connect' && method === '')) return { kind: 'connection', facts: connectVhost(call) };
    return undefined;
  },
  typed(exported) {
    // A parameter typed Channel may be handed a ConfirmChannel (its subtype).
    if (exported === 'Channel') return channel('amqplib', 'unknown', undefined);
    if (exported === 'ConfirmChannel') return channel('amqplib', true, undefined);
    if (exported === 'Connection' || exported === 'ChannelModel') return { kind: 'connection' };
    return undefined;
  },
};

/** amqp-connection-manager: managers, ChannelWrappers, and the amqplib channels their setup functions receive. */
export const ACM_SHAPE: ObjectShape = {
  library: ACM,
  // The ChannelWrapper proxies amqplib's channel calls (consume since 3.6.0); manager.createChannel(options?) makes one.
  api: {
    packageName: ACM,
    shapes: [...CHANNEL_API('wrapper'), { method: 'createChannel', receiver: 'manager', makes: 'object', forms: [[], ['options']] }],
    facts: (kind) => (kind === 'wrapper' ? { confirm: 'unknown' } : {}),
    evidence: 'project',
  },
  source: /^amqp-connection-manager$/,
  bareJsdocTypes: ['ChannelWrapper'],
  yields: ['amqplib'],
  imported: (name) => (name === 'default' || name === '*' ? { kind: 'module' } : name === 'connect' ? { kind: 'connect' } : undefined),
  member: (of, name) => (of.kind === 'module' && name === 'connect' ? { kind: 'connect' } : undefined),
  call: (callee, call) => (callee.kind === 'connect' ? { kind: 'manager', facts: connectVhost(call) } : undefined),
  method(target, method, call) {
    if (target.kind === 'module' && method === 'connect') return { kind: 'manager', facts: connectVhost(call) };
    if (target.kind === 'manager' && method === 'createChannel') return { kind: 'wrapper', facts: { confirm: wrapperConfirm(call.node), ...vhostFrom(target) } };
    return undefined;
  },
  // wrapper.addSetup(channel => ...): the wrapper's own channel, so its prefetch applies to the wrapper's consumers.
  callbackParam(target, method, arg, param) {
    if (target.kind === 'wrapper' && method === 'addSetup' && arg === 0 && param === 0) return channel(ACM, target.facts.confirm as boolean | 'unknown', target, { key: target.key });
    return undefined;
  },
  // manager.createChannel({ setup: (channel) => ... }): the same, keyed by the wrapper the call makes.
  optionCallbackParam(target, method, arg, option, param, call) {
    if (target.kind === 'manager' && method === 'createChannel' && arg === 0 && option === 'setup' && param === 0) {
      return channel(ACM, wrapperConfirm(call.node), target, { key: placeKey(call.ctx, call.node) });
    }
    return undefined;
  },
  typed(exported) {
    if (exported === 'ChannelWrapper') return { kind: 'wrapper', facts: { confirm: 'unknown' } };
    if (exported === 'AmqpConnectionManager' || exported === 'IAmqpConnectionManager') return { kind: 'manager' };
    return undefined;
  },
};

/** createChannel(options): confirm channels unless `confirm: false`. */
function wrapperConfirm(call: t.CallExpression | t.OptionalCallExpression): boolean | 'unknown' {
  const opts = call.arguments[0] ? unwrap(call.arguments[0] as Node) : undefined;
  if (!opts) return true;
  if (opts.type !== 'ObjectExpression') return 'unknown';
  const prop = opts.properties.find((p) => p.type === 'ObjectProperty' && propertyKeyName(p) === 'confirm') as t.ObjectProperty | undefined;
  if (!prop) return true;
  const v = unwrap(prop.value as Node);
  return v.type === 'BooleanLiteral' ? v.value : 'unknown';
}

