// Which expressions are @cloudamqp/amqp-client clients, connections, channels, sessions and queues.
import type { Node } from '../../parse/ast';
import { shared, type FileContext } from '../../resolve/file-context';
import type { LibKind, ObjectShape } from '../../resolve/objects/shape';
import { identity, LibraryObjects } from '../object-api/objects';

/**
 * What an expression is, in @cloudamqp/amqp-client (named exports only). An AMQPQueue from
 * `ch.queue()` is the v2/v3 channel-bound queue; one from `session.queue()` is v4's.
 */
export type CloudamqpKind =
  | { kind: 'module'; key?: undefined; handedIn?: boolean }
  | { kind: 'client-class'; key?: undefined; handedIn?: boolean }
  | { kind: 'session-class'; key?: undefined; handedIn?: boolean }
  /** `new AMQPClient(url)`, and what its `connect()` resolves to (the same client). */
  | { kind: 'client'; key?: undefined; handedIn?: boolean }
  | { kind: 'channel'; key: string; handedIn?: boolean; made?: FileContext }
  | { kind: 'session'; key?: undefined; handedIn?: boolean }
  /** v2/v3 `ch.queue(name)`: subscribe and publish go through `channel`. */
  | { kind: 'channel-queue'; key?: undefined; name?: Node; channel: { key?: string; handedIn?: boolean; made?: FileContext }; handedIn?: boolean }
  /** v4 `session.queue(name)`. */
  | { kind: 'session-queue'; key?: undefined; name?: Node; handedIn?: boolean }
  /** An AMQPQueue handed in, in a file that does not tell the library's major version. */
  | { kind: 'queue'; key?: undefined; handedIn?: boolean };

const LIBRARY = '@cloudamqp/amqp-client';
const CLIENT_CLASSES = new Set(['AMQPClient', 'AMQPWebSocketClient']);

const exportedClass = (name: string): LibKind | undefined => {
  if (CLIENT_CLASSES.has(name)) return { kind: 'client-class' };
  if (name === 'AMQPSession') return { kind: 'session-class' };
  return undefined;
};

/** AMQPSession exists only from v4, which also removed AMQPChannel.queue(). */
const importsSession = (ctx: FileContext): boolean => /\bAMQPSession\b/.test(ctx.file.text);

export const CLOUDAMQP_SHAPE: ObjectShape = {
  library: LIBRARY,
  source: /^@cloudamqp\/amqp-client(\/.*)?$/,
  /**
   * @cloudamqp/amqp-client's calls as data (src/amqp-channel.ts, src/amqp-queue.ts), for a channel or queue the tracker
   * cannot follow: a channel's queueDeclare(name, params?, args?), queue(name, params, args?) (v2/v3; it gives the
   * queue), basicConsume(queue, params, callback), basicQos(count, ...), prefetch(count), basicPublish(exchange,
   * routingKey, data, properties?, mandatory?); a queue's subscribe(params, callback).
   */
  api: {
    packageName: LIBRARY,
    shapes: [
      { method: 'queueDeclare', receiver: 'channel', makes: 'declaration', forms: [['name'], ['name', 'options'], ['name', 'options', 'options']] },
      { method: 'queue', receiver: 'channel', makes: 'declaration', gives: true, forms: [['name', 'options'], ['name', 'options', 'options']] },
      { method: 'basicConsume', receiver: 'channel', makes: 'consumer', forms: [['name', 'options', 'function']] },
      { method: 'basicQos', receiver: 'channel', makes: 'qos', forms: [['number'], ['number', 'any'], ['number', 'any', 'any']] },
      { method: 'prefetch', receiver: 'channel', makes: 'qos', forms: [['number']] },
      { method: 'basicPublish', receiver: 'channel', makes: 'publish', forms: [['value', 'value', 'value'], ['value', 'value', 'value', 'options'], ['value', 'value', 'value', 'options', 'value']] },
      // subscribe(params, callback), its params written in the call: `subscribe(name, fn)` is every pub/sub client's.
      { method: 'subscribe', receiver: 'queue', makes: 'consumer', forms: [['object', 'function']] },
    ],
  },
  imported: (name) => (name === '*' ? { kind: 'module' } : exportedClass(name)),
  member: (of, name) => (of.kind === 'module' ? exportedClass(name) : undefined),
  construct: (callee) => (callee.kind === 'client-class' ? { kind: 'client' } : undefined),
  method(target, method, call) {
    const name = call.node.arguments[0];
    if (target.kind === 'client' && method === 'connect') return { kind: 'client', key: target.key, origin: target.origin };
    if (target.kind === 'client' && method === 'channel') return { kind: 'channel' };
    if (target.kind === 'session-class' && method === 'connect') return { kind: 'session' };
    // The channel's key, and where it is made (unless it is a typed parameter, whose history is not known).
    if (target.kind === 'channel' && method === 'queue') return { kind: 'channel-queue', facts: { name, channelKey: target.key, channelTyped: !!target.handedIn, channelMade: target.origin.ctx } };
    if (target.kind === 'session' && method === 'queue') return { kind: 'session-queue', facts: { name } };
    return undefined;
  },
  typed(name, at) {
    if (name === 'AMQPClient' || name === 'AMQPWebSocketClient' || name === 'AMQPBaseClient') return { kind: 'client' };
    if (name === 'AMQPChannel') return { kind: 'channel' };
    if (name === 'AMQPSession') return { kind: 'session' };
    if (name === 'AMQPQueue') return importsSession(at.ctx) ? { kind: 'session-queue' } : { kind: 'queue' };
    return undefined;
  },
};

export function cloudamqpObjects(ctx: FileContext): LibraryObjects<CloudamqpKind> {
  return shared(ctx, 'cloudamqp-objects', () =>
    new LibraryObjects<CloudamqpKind>(ctx, LIBRARY, (o, local, here) => {
      const { handedIn } = identity(o, local);
      switch (o.kind) {
        case 'module':
        case 'client-class':
        case 'session-class':
        case 'client':
        case 'session':
          return { kind: o.kind };
        case 'channel':
          return { kind: 'channel', ...identity(o, local) };
        case 'channel-queue': {
          // A typed AMQPQueue parameter may be either version's; one made by ch.queue() anywhere in the project is v2/v3's.
          if (o.handedIn) return { kind: 'queue', handedIn: true };
          const made = o.facts.channelMade as FileContext;
          const channel = o.facts.channelTyped ? { key: o.facts.channelKey as string, handedIn: true } : made.file === here.file ? { key: o.facts.channelKey as string } : { key: o.facts.channelKey as string, handedIn: true, made };
          return { kind: 'channel-queue', name: local ? (o.facts.name as Node | undefined) : undefined, channel };
        }
        case 'session-queue':
          return handedIn ? { kind: 'session-queue', handedIn: true } : { kind: 'session-queue', name: o.facts.name as Node | undefined };
        case 'queue':
          return { kind: 'queue', handedIn: true };
        default:
          return undefined;
      }
    }),
  );
}
