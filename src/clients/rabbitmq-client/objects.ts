// Which expressions are rabbitmq-client connections, channels, consumers and publishers.
import type { Node } from '../../parse/ast';
import { shared, type FileContext } from '../../resolve/file-context';
import type { ObjectShape } from '../../resolve/objects/shape';
import { identity, LibraryObjects } from '../object-api/objects';

/** What an expression is, in rabbitmq-client (src/index.ts exports Connection, default Connection, and types). */
export type RabbitmqClientKind =
  | { kind: 'module'; key?: undefined; handedIn?: boolean }
  | { kind: 'connection-class'; key?: undefined; handedIn?: boolean }
  | { kind: 'connection'; key?: undefined; handedIn?: boolean }
  /** A channel from `rabbit.acquire()`. */
  | { kind: 'channel'; key: string; handedIn?: boolean }
  /** `rabbit.createPublisher(props)`: `props` decides confirm mode. */
  | { kind: 'publisher'; key: string; props?: Node; handedIn?: boolean };

const LIBRARY = 'rabbitmq-client';

export const RABBITMQ_CLIENT_SHAPE: ObjectShape = {
  library: LIBRARY,
  source: /^rabbitmq-client$/,
  /**
   * rabbitmq-client's calls as data (src/Connection.ts, src/Channel.ts), for a connection or channel the tracker cannot
   * follow: the connection's createConsumer(props, handler), createPublisher(props?), queueDeclare(params | name),
   * exchangeDeclare / queueBind / queueDelete(params); a channel's basicConsume(params, callback), basicQos(params).
   */
  api: {
    packageName: LIBRARY,
    shapes: [
      { method: 'createConsumer', receiver: 'connection', makes: 'consumer', forms: [['options', 'function']] },
      { method: 'createPublisher', receiver: 'connection', makes: 'object', forms: [[], ['options']] },
      { method: 'queueDeclare', receiver: 'connection', makes: 'declaration', forms: [['options'], ['name']] },
      { method: 'exchangeDeclare', receiver: 'connection', makes: 'exchange', forms: [['options']] },
      { method: 'queueBind', receiver: 'connection', makes: 'binding', forms: [['options']] },
      { method: 'queueDelete', receiver: 'connection', makes: 'deletion', forms: [['options'], ['name']] },
      { method: 'basicConsume', receiver: 'channel', makes: 'consumer', forms: [['options', 'function']] },
      { method: 'basicQos', receiver: 'channel', makes: 'qos', forms: [['options']] },
    ],
  },
  imported(name) {
    if (name === '*') return { kind: 'module' };
    if (name === 'default' || name === 'Connection') return { kind: 'connection-class' };
    return undefined;
  },
  member: (of, name) => (of.kind === 'module' && (name === 'Connection' || name === 'default') ? { kind: 'connection-class' } : undefined),
  construct: (callee) => (callee.kind === 'connection-class' ? { kind: 'connection' } : undefined),
  method(target, method, call) {
    if (target.kind !== 'connection') return undefined;
    if (method === 'acquire') return { kind: 'channel' };
    if (method === 'createPublisher') return { kind: 'publisher', facts: { props: call.node.arguments[0] } };
    return undefined;
  },
  typed(exported) {
    if (exported === 'Connection' || exported === 'default') return { kind: 'connection' };
    if (exported === 'Channel') return { kind: 'channel' };
    if (exported === 'Publisher') return { kind: 'publisher' };
    return undefined;
  },
};

export function rabbitmqClientObjects(ctx: FileContext): LibraryObjects<RabbitmqClientKind> {
  return shared(ctx, 'rabbitmq-client-objects', () =>
    new LibraryObjects<RabbitmqClientKind>(ctx, LIBRARY, (o, local) => {
      switch (o.kind) {
        case 'module':
        case 'connection-class':
        case 'connection':
          return { kind: o.kind };
        case 'channel':
          return { kind: 'channel', ...identity(o, local) };
        case 'publisher': {
          const id = identity(o, local);
          return { kind: 'publisher', ...id, props: id.handedIn ? undefined : (o.facts.props as Node | undefined) };
        }
        default:
          return undefined;
      }
    }),
  );
}
