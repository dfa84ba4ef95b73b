// The amqplib family's objects in one file, as the project-level tracker sees them: which expressions are
// amqplib connections and channels or amqp-connection-manager managers and wrappers, and which calls open them.
import type * as t from '@babel/types';
import { unwrap, type Node } from '../../parse/ast';
import type { FileContext } from '../../resolve/file-context';
import type { LibObject } from '../../resolve/objects/shape';
import type { Located } from '../../resolve/contracts';
import { ACM } from './shapes';
import { defaulted, type Recognition, type Resolved } from '../../model';
import { recognition } from '../model-builders/receivers';
import { isInferredReceiver } from '../../resolve/objects/ladder';

/** An amqplib channel (also the one an amqp-connection-manager setup function receives). */
export interface AmqplibChannel {
  kind: 'channel';
  client: 'amqplib' | 'amqp-connection-manager';
  confirm: boolean | 'unknown';
  key: string;
  object: LibObject;
  /** The prefetch the library that hands the channel out sets on it (`facts.prefetch` of its shape). */
  prefetch?: Resolved<number>;
  /** The vhost of the connection it is made on, when the code names it. */
  vhost?: string;
  /** Where it is made: the call that opens it, or the call of a project factory that opens one per call. */
  madeAt: Located;
  /** How the call it was asked about was recognised (`channelAt`): an inferred receiver says from what. */
  note?: Recognition;
  /**
   * An inferred channel the code opens itself (`const ch = await conn.createChannel()`, `conn` not traced): its
   * identity is that call, so only a prefetch set on it applies.
   */
  ownChannel?: true;
}

/** An amqp-connection-manager ChannelWrapper. */
export interface AcmWrapper {
  kind: 'wrapper';
  confirm: boolean | 'unknown';
  key: string;
  object: LibObject;
  vhost?: string;
}

const vhostOf = (o: LibObject): { vhost?: string } => (typeof o.facts.vhost === 'string' ? { vhost: o.facts.vhost } : {});

const AMQPLIB_SOURCE = /['"](amqplib(\/callback_api)?|amqp-connection-manager)['"]/;

export class AmqplibChannels {
  /** The file names one of the two packages (an import, a require, a type). */
  readonly importsLibrary: boolean;

  constructor(private readonly ctx: FileContext) {
    this.importsLibrary = AMQPLIB_SOURCE.test(ctx.file.text);
  }

  private objectOf(expr: Node): LibObject | undefined {
    return this.ctx.resolver.project?.objects.of(expr, this.ctx);
  }

  channelOf(expr: Node): AmqplibChannel | undefined {
    const o = this.objectOf(expr);
    return o ? this.channel(o) : undefined;
  }

  private channel(o: LibObject): AmqplibChannel | undefined {
    if (o.library !== 'amqplib' || o.kind !== 'channel') return undefined;
    const set = o.facts.prefetch as { value: number; by: string } | undefined;
    return { kind: 'channel', client: o.facts.client === ACM ? ACM : 'amqplib', confirm: (o.facts.confirm as boolean | 'unknown') ?? 'unknown', key: o.key, object: o, madeAt: o.perCall ?? o.origin, ...vhostOf(o), ...(set ? { prefetch: defaulted(set.value, set.by) } : {}) };
  }

  wrapperOf(expr: Node): AcmWrapper | undefined {
    const o = this.objectOf(expr);
    return o ? this.wrapper(o) : undefined;
  }

  private wrapper(o: LibObject): AcmWrapper | undefined {
    if (o.library !== ACM || o.kind !== 'wrapper') return undefined;
    return { kind: 'wrapper', confirm: (o.facts.confirm as boolean | 'unknown') ?? 'unknown', key: o.key, object: o, ...vhostOf(o) };
  }

  /** The amqplib channel a call is made on, by the recognition ladder: traced, else inferred from the call's shape. */
  channelAt(call: t.CallExpression | t.OptionalCallExpression): AmqplibChannel | undefined {
    const all = this.receivers(call);
    const o = all.find((r) => r.library === 'amqplib' && r.kind === 'channel');
    const channel = o && this.channel(o);
    if (!channel) return undefined;
    // Made by a call on an inferred receiver (not the receiver guessed itself, whose key says so): the channel that call opens.
    return { ...channel, note: recognition(o, all), ...(o.inferred && !isInferredReceiver(o) ? { ownChannel: true as const } : {}) };
  }

  /** The amqp-connection-manager ChannelWrapper a call is made on, by the recognition ladder. */
  wrapperAt(call: t.CallExpression | t.OptionalCallExpression): (AcmWrapper & { note: Recognition }) | undefined {
    const all = this.receivers(call);
    const o = all.find((r) => r.library === ACM && r.kind === 'wrapper');
    const wrapper = o && this.wrapper(o);
    return wrapper ? { ...wrapper, note: recognition(o, all) } : undefined;
  }

  private receivers(call: t.CallExpression | t.OptionalCallExpression) {
    return this.ctx.resolver.project?.objects.receiversOf(call, this.ctx) ?? [];
  }

  /** Whether the expression is any object of either library (a module, a connection, ...). */
  isTracked(expr: Node): boolean {
    return !!this.objectOf(expr);
  }

  /** What `call` opens, if it makes a connection or channel itself (not a call that returns one made elsewhere). */
  opens(call: Node): { library: 'amqplib' | typeof ACM; what: 'connection' | 'channel' } | undefined {
    const o = this.objectOf(call);
    // A reference a framework hands out (NestJS's getChannelRef()) opens nothing.
    if (!o || o.origin.node !== unwrap(call) || o.facts.reference) return undefined;
    if (o.library === 'amqplib' && o.kind === 'connection') return { library: 'amqplib', what: 'connection' };
    if (o.library === 'amqplib' && o.kind === 'channel') return { library: 'amqplib', what: 'channel' };
    if (o.library === ACM && o.kind === 'manager') return { library: ACM, what: 'connection' };
    if (o.library === ACM && o.kind === 'wrapper') return { library: ACM, what: 'channel' };
    return undefined;
  }

  /**
   * A plain parameter nothing else identifies (`function declareQueue(ch, name, opts)` in an untyped
   * helper module): its `assertQueue` is amqplib's, the only libraries with that method being amqplib
   * and amqp-connection-manager, whose wrapper passes it to amqplib unchanged.
   */
  isUntracedParameter(expr: Node): boolean {
    const node = unwrap(expr);
    if (node.type !== 'Identifier' || this.objectOf(node)) return false;
    const binding = this.ctx.resolver.scopes.lookup(node.name, node);
    return binding?.kind === 'param' && binding.path.length === 0;
  }
}

export type { t };
