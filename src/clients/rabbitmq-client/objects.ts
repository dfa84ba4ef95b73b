// Which expressions are rabbitmq-client connections, channels, consumers and publishers.
import type { Node } from '../../parse/ast';
import { shared, type FileContext } from '../../resolve/file-context';
import { LibraryObjects, type LibraryShape } from '../object-api/objects';

/** What an expression is, in rabbitmq-client (src/index.ts exports Connection, default Connection, and types). */
export type RabbitmqClientKind =
  | { kind: 'module'; key?: undefined; handedIn?: boolean }
  | { kind: 'connection-class'; key?: undefined; handedIn?: boolean }
  | { kind: 'connection'; key?: undefined; handedIn?: boolean }
  /** A channel from `rabbit.acquire()`. */
  | { kind: 'channel'; key: string; handedIn?: boolean }
  /** `rabbit.createPublisher(props)`: `props` decides confirm mode. */
  | { kind: 'publisher'; key: string; props?: Node; handedIn?: boolean };

const SHAPE: LibraryShape<RabbitmqClientKind> = {
  source: /^rabbitmq-client$/,
  imported(name) {
    if (name === '*') return { kind: 'module' };
    if (name === 'default' || name === 'Connection') return { kind: 'connection-class' };
    return undefined;
  },
  member(of, name) {
    if (of.kind === 'module' && (name === 'Connection' || name === 'default')) return { kind: 'connection-class' };
    return undefined;
  },
  construct(callee) {
    return callee.kind === 'connection-class' ? { kind: 'connection' } : undefined;
  },
  method(target, method, call) {
    if (target.kind !== 'connection') return undefined;
    if (method === 'acquire') return { kind: 'channel', key: `call:${call.start}` };
    if (method === 'createPublisher') return { kind: 'publisher', key: `call:${call.start}`, props: call.arguments[0] as Node | undefined };
    return undefined;
  },
  typed(exported) {
    if (exported === 'Connection' || exported === 'default') return { kind: 'connection' };
    if (exported === 'Channel') return { kind: 'channel', key: '' };
    if (exported === 'Publisher') return { kind: 'publisher', key: '' };
    return undefined;
  },
};

export function rabbitmqClientObjects(ctx: FileContext): LibraryObjects<RabbitmqClientKind> {
  return shared(ctx, 'rabbitmq-client-objects', () => new LibraryObjects(ctx.file, ctx.resolver.scopes, SHAPE));
}
