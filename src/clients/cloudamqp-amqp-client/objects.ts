// Which expressions are @cloudamqp/amqp-client clients, connections, channels, sessions and queues.
import type { Node } from '../../parse/ast';
import { shared, type FileContext } from '../../resolve/file-context';
import { LibraryObjects, type LibraryShape } from '../object-api/objects';

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
  | { kind: 'channel'; key: string; handedIn?: boolean }
  | { kind: 'session'; key?: undefined; handedIn?: boolean }
  /** v2/v3 `ch.queue(name)`: subscribe and publish go through `channel`. */
  | { kind: 'channel-queue'; key?: undefined; name?: Node; channel: { key?: string; handedIn?: boolean }; handedIn?: boolean }
  /** v4 `session.queue(name)`. */
  | { kind: 'session-queue'; key?: undefined; name?: Node; handedIn?: boolean }
  /** An AMQPQueue handed in, in a file that does not tell the library's major version. */
  | { kind: 'queue'; key?: undefined; handedIn?: boolean };

const CLIENT_CLASSES = new Set(['AMQPClient', 'AMQPWebSocketClient']);

function shape(v4: boolean): LibraryShape<CloudamqpKind> {
  const exported = (name: string): CloudamqpKind | undefined => {
    if (CLIENT_CLASSES.has(name)) return { kind: 'client-class' };
    if (name === 'AMQPSession') return { kind: 'session-class' };
    return undefined;
  };
  return {
    source: /^@cloudamqp\/amqp-client(\/.*)?$/,
    imported: (name) => (name === '*' ? { kind: 'module' } : exported(name)),
    member: (of, name) => (of.kind === 'module' ? exported(name) : undefined),
    construct: (callee) => (callee.kind === 'client-class' ? { kind: 'client' } : undefined),
    method(target, method, call) {
      const name = call.arguments[0] as Node | undefined;
      if (target.kind === 'client' && method === 'connect') return { kind: 'client' };
      if (target.kind === 'client' && method === 'channel') return { kind: 'channel', key: `call:${call.start}` };
      if (target.kind === 'session-class' && method === 'connect') return { kind: 'session' };
      if (target.kind === 'channel' && method === 'queue') return { kind: 'channel-queue', name, channel: { key: target.key, handedIn: target.handedIn } };
      if (target.kind === 'session' && method === 'queue') return { kind: 'session-queue', name };
      return undefined;
    },
    typed(name) {
      if (name === 'AMQPClient' || name === 'AMQPWebSocketClient' || name === 'AMQPBaseClient') return { kind: 'client' };
      if (name === 'AMQPChannel') return { kind: 'channel', key: '' };
      if (name === 'AMQPSession') return { kind: 'session' };
      if (name === 'AMQPQueue') return v4 ? { kind: 'session-queue' } : { kind: 'queue' };
      return undefined;
    },
  };
}

/** AMQPSession exists only from v4, which also removed AMQPChannel.queue(). */
function importsSession(ctx: FileContext): boolean {
  return /\bAMQPSession\b/.test(ctx.file.text);
}

export function cloudamqpObjects(ctx: FileContext): LibraryObjects<CloudamqpKind> {
  return shared(ctx, 'cloudamqp-objects', () => new LibraryObjects(ctx.file, ctx.resolver.scopes, shape(importsSession(ctx))));
}
