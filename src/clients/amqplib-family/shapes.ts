// amqplib's and amqp-connection-manager's objects as the project-level tracker follows them: modules,
// connect functions, connections, channels (with their confirm mode), managers and channel wrappers.
import type * as t from '@babel/types';
import { propertyKeyName, unwrap, type Node } from '../../parse/ast';
import type { LibKind, ObjectShape } from '../../resolve/objects/shape';
import { placeKey } from '../../resolve/objects/traced';

export const ACM = 'amqp-connection-manager';
const CHANNEL_METHODS = new Set(['createChannel', 'createConfirmChannel']);

const channel = (client: string, confirm: boolean | 'unknown', extra: Partial<LibKind> = {}): LibKind => ({ kind: 'channel', library: 'amqplib', facts: { client, confirm }, ...extra });

/** amqplib (promise API and amqplib/callback_api). */
export const AMQPLIB_SHAPE: ObjectShape = {
  library: 'amqplib',
  source: /^amqplib(\/callback_api)?$/,
  bareJsdocTypes: ['Channel', 'ConfirmChannel'],
  imported: (name) => (name === 'default' || name === '*' ? { kind: 'module' } : name === 'connect' ? { kind: 'connect' } : undefined),
  member: (of, name) => (of.kind === 'module' && name === 'connect' ? { kind: 'connect' } : undefined),
  call: (callee) => (callee.kind === 'connect' ? { kind: 'connection' } : undefined),
  method(target, method) {
    if (target.kind === 'module' && method === 'connect') return { kind: 'connection' };
    if (target.kind === 'connection' && CHANNEL_METHODS.has(method)) return channel('amqplib', method === 'createConfirmChannel');
    return undefined;
  },
  // Callback API: connect(url, (err, conn) => ...), conn.createChannel((err, ch) => ...).
  callbackParam(target, method, _arg, param) {
    if (param !== 1) return undefined;
    if (target.kind === 'connection' && CHANNEL_METHODS.has(method)) return channel('amqplib', method === 'createConfirmChannel');
    if ((target.kind === 'module' && method === 'connect') || (target.kind === 'connect' && method === '')) return { kind: 'connection' };
    return undefined;
  },
  typed(exported) {
    // A parameter typed Channel may be handed a ConfirmChannel (its subtype).
    if (exported === 'Channel') return channel('amqplib', 'unknown');
    if (exported === 'ConfirmChannel') return channel('amqplib', true);
    if (exported === 'Connection' || exported === 'ChannelModel') return { kind: 'connection' };
    return undefined;
  },
};

/** amqp-connection-manager: managers, ChannelWrappers, and the amqplib channels their setup functions receive. */
export const ACM_SHAPE: ObjectShape = {
  library: ACM,
  source: /^amqp-connection-manager$/,
  bareJsdocTypes: ['ChannelWrapper'],
  yields: ['amqplib'],
  imported: (name) => (name === 'default' || name === '*' ? { kind: 'module' } : name === 'connect' ? { kind: 'connect' } : undefined),
  member: (of, name) => (of.kind === 'module' && name === 'connect' ? { kind: 'connect' } : undefined),
  call: (callee) => (callee.kind === 'connect' ? { kind: 'manager' } : undefined),
  method(target, method, call) {
    if (target.kind === 'module' && method === 'connect') return { kind: 'manager' };
    if (target.kind === 'manager' && method === 'createChannel') return { kind: 'wrapper', facts: { confirm: wrapperConfirm(call.node) } };
    return undefined;
  },
  // wrapper.addSetup(channel => ...): the wrapper's own channel, so its prefetch applies to the wrapper's consumers.
  callbackParam(target, method, arg, param) {
    if (target.kind === 'wrapper' && method === 'addSetup' && arg === 0 && param === 0) return channel(ACM, target.facts.confirm as boolean | 'unknown', { key: target.key });
    return undefined;
  },
  // manager.createChannel({ setup: (channel) => ... }): the same, keyed by the wrapper the call makes.
  optionCallbackParam(target, method, arg, option, param, call) {
    if (target.kind === 'manager' && method === 'createChannel' && arg === 0 && option === 'setup' && param === 0) {
      return channel(ACM, wrapperConfirm(call.node), { key: placeKey(call.ctx, call.node) });
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

