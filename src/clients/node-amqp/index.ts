// node-amqp (the `amqp` package): its connection, queue and exchange calls, with its own defaults.
import type * as t from '@babel/types';
import { isCall, unwrap, type Node } from '../../parse/ast';
import { defaulted, known, unknown, valueOf, type AckMode, type ExchangeDeclaration, type QueueDeclaration, type Resolved } from '../../model';
import { booleanOption, optionsOf } from '../model-builders/options';
import { argumentsTable, exchangeSubject, stringOption } from '../model-builders/topology';
import type { ClientModule } from '../types';
import { shared, type FileContext } from '../../resolve/file-context';
import { LibraryObjects, shapeOf, type Tracked } from '../queue-object-libraries/objects';
import { ackFromNoAck, argumentNodes, calleeLabel, connectionOpen, consumer, isLiteralTrue, nonFunction, numberProperty, queueDeclaration, stringArgument } from '../queue-object-libraries/model';
import { readQueueOptions, renderQueueOptionIntents, type QueueOptionsDialect, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { readBoolean } from '../model-builders/resolved';
import { recognised } from '../model-builders/receivers';

const NAME = 'node-amqp';

/**
 * lib/queue.js L30: `{ autoDelete: true, ... }` then the user's options; the declare (L423-430) sends
 * `durable: !!durable, exclusive: !!exclusive, autoDelete: !!autoDelete, arguments: arguments || {}`.
 * No option is promoted to an x-argument.
 */
const DIALECT: QueueOptionsDialect = {
  library: NAME,
  promoted: {},
  argumentsKey: 'arguments',
  defaults: { durable: false, exclusive: false, autoDelete: true },
  undefinedDurableIsDefault: false,
};

const SHAPE = shapeOf({
  library: NAME,
  source: /^amqp$/,
  module: 'module',
  member: (kind, name) => (kind === 'module' && name === 'createConnection' ? 'connect' : undefined),
  call: (kind) => (kind === 'connect' ? 'connection' : undefined),
  // `new amqp.createConnection(...)`, as older code writes it: the same connection.
  construct: (kind) => (kind === 'connect' ? 'connection' : undefined),
  method: (kind, method) => {
    if (kind === 'module' && method === 'createConnection') return 'connection';
    if (kind === 'connection' && method === 'queue') return 'queue';
    if (kind === 'connection' && method === 'exchange') return 'exchange';
    return undefined;
  },
  // conn.queue(name, options, (q) => ...), conn.exchange(name, options, (ex) => ...)
  callbackParam: (kind, method, _arg, param) => {
    if (kind === 'connection' && (method === 'queue' || method === 'exchange') && param === 0) return method;
    return undefined;
  },
  typeName: (exported) => ({ AMQPClient: 'connection', AMQPQueue: 'queue', AMQPExchange: 'exchange' })[exported],
  /**
   * node-amqp's calls as data, for a receiver the tracker cannot follow (a connection handed to a callback, kept in a
   * closure variable, an object's field): `connection.queue(name, options?, openCallback?)` and `connection.exchange(...)`,
   * whose callbacks get the queue and the exchange, and `queue.subscribe({ ... }, listener)` with its options written in
   * the call (`subscribe(fn)` and `subscribe(name, fn)` are every observable's and pub/sub client's: a queue is
   * recognised by where it comes from).
   */
  api: {
    packageName: 'amqp',
    shapes: [
      { method: 'queue', receiver: 'connection', makes: 'declaration', gives: true, forms: [['name', 'function'], ['name', 'options'], ['name', 'options', 'function']] },
      { method: 'exchange', receiver: 'connection', makes: 'exchange', gives: true, forms: [['name', 'options'], ['name', 'options', 'function']] },
      { method: 'subscribe', receiver: 'queue', makes: 'consumer', forms: [['object', 'function']] },
    ],
  },
});

function objects(ctx: FileContext): LibraryObjects {
  return shared(ctx, 'node-amqp-objects', () => new LibraryObjects(ctx, NAME));
}

type CallNode = t.CallExpression | t.OptionalCallExpression;

/**
 * amqp (node-amqp, postwait/node-amqp): `connection.queue(name, options?, openCallback?)` with
 * node-amqp's defaults (durable false, exclusive false, autoDelete TRUE: a transient queue unless the
 * code says otherwise), and `queue.subscribe({ ack, prefetchCount }, fn)`, which acknowledges
 * automatically unless `ack: true` (prefetchCount, default 1, is sent only with `ack: true`).
 */
export const nodeAmqp: ClientModule = {
  name: NAME,
  shapes: [SHAPE],
  mentions: /['"]amqp['"]/,
  analyze(ctx, model) {
    const objs = objects(ctx);
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const made = objs.of(node);
      if (made?.kind === 'connection' && made.origin === node) {
        model.opens.push(connectionOpen(ctx, NAME, node, calleeLabel(ctx.file, node.callee as Node)));
        continue;
      }
      const call = objs.methodCall(node);
      if (!call) continue;
      const { receiver, method, note } = call;
      if (receiver.kind === 'connection' && method === 'queue') {
        const decl = declareQueue(ctx, node);
        if (decl) model.declarations.push(recognised(decl, note));
      } else if (receiver.kind === 'connection' && method === 'exchange') {
        const exchange = declareExchange(ctx, node);
        if (exchange) model.exchanges.push(recognised(exchange, note));
      } else if (receiver.kind === 'queue' && (method === 'subscribe' || method === 'subscribeJSON' || method === 'subscribeRaw')) {
        model.consumers.push(recognised(queueConsumer(ctx, node, receiver, method), note));
      }
    }
  },
  render(subject, intents, ctx) {
    if (subject.kind === 'queue-declaration') return renderQueueOptionIntents(ctx.file, subject.syntax as QueueOptionsSyntax, intents);
    if (subject.kind === 'consumer') {
      return { ok: false, reason: 'node-amqp acknowledges with subscribe({ ack: true, prefetchCount: N }) and message.acknowledge() (or queue.shift()) after the work' };
    }
    return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} for node-amqp` };
  },
};

/** `connection.queue(name, options?, openCallback?)`; `noDeclare: true` declares nothing. */
function declareQueue(ctx: FileContext, call: CallNode): QueueDeclaration | undefined {
  const [nameNode, second] = argumentNodes(call);
  const optionsNode = nonFunction(second);
  const options = readQueueOptions(ctx.file, ctx.resolver, optionsNode, DIALECT, {
    addOptions: nameNode ? { at: nameNode.end ?? 0, prefix: ', ', suffix: '' } : undefined,
  });
  if (isLiteralTrue(options.syntax.options, 'noDeclare')) return undefined;
  const decl: QueueDeclaration = queueDeclaration(ctx, {
    client: NAME,
    at: call,
    callee: calleeLabel(ctx.file, call.callee as Node),
    name: serverNamedIfAmq(stringArgument(ctx, nameNode, NAME)),
    options,
    passive: isLiteralTrue(options.syntax.options, 'passive'),
    syntax: options.syntax,
    rebuild: (other) => declareQueue(other as FileContext, call) ?? decl,
  });
  return decl;
}

/**
 * `connection.exchange(name, options?, openCallback?)` (lib/exchange.js L63-108): declared with
 * `type: options.type || 'topic'`, `durable: !!options.durable` and `arguments`, unless the name is ''
 * or starts with `amq.` (pre-declared), or `noDeclare` / `passive` (a passive declare checks no type) is set.
 */
function declareExchange(ctx: FileContext, call: CallNode): ExchangeDeclaration | undefined {
  const [nameNode, second] = argumentNodes(call);
  const optionsNode = nonFunction(second);
  const options = optionsOf(ctx, optionsNode, 'exchange options');
  const name = stringArgument(ctx, nameNode, NAME);
  if (name.kind !== 'unknown' && (name.value === '' || name.value.startsWith('amq.'))) return undefined;
  const skipped = (key: string) => valueOf(booleanOption(options, key, false, NAME)) === true;
  if (skipped('noDeclare') || skipped('passive')) return undefined;
  return exchangeSubject(ctx, call, NAME, { name, type: stringOption(options, 'type', 'topic', NAME), durable: booleanOption(options, 'durable', false, NAME), args: argumentsTable(options) });
}

/** node-amqp declares a name starting with `amq.` as '' (a server-named queue), lib/queue.js. */
function serverNamedIfAmq(name: Resolved<string>): Resolved<string> {
  return name.kind === 'known' && name.value.startsWith('amq.') ? known('', name.origin) : name;
}

/**
 * `queue.subscribe(options?, listener)`: noAck is `!options.ack` (ack defaults to false) and the
 * prefetch (prefetchCount, default 1) is sent only with ack: true. `subscribeRaw` takes the raw
 * basic.consume options: noAck defaults to false and prefetchCount is sent only when given.
 */
function queueConsumer(ctx: FileContext, call: CallNode, queue: Tracked, method: string) {
  const [first, second] = argumentNodes(call);
  // subscribe(listener): a lone argument is the listener (lib/queue.js: `if (typeof options == 'function')`), unless it is an options object.
  const optionsNode = second !== undefined ? nonFunction(first) : first && unwrap(first).type === 'ObjectExpression' ? first : undefined;
  const handler = optionsNode ? second : first;
  const options = optionsNode ? ctx.resolver.resolve(optionsNode) : undefined;
  const obj = options?.kind === 'object' ? options.object : undefined;
  let ack: Resolved<AckMode>;
  let prefetch: Resolved<number> | undefined;
  if (method === 'subscribeRaw') {
    ack = ackFromNoAck(ctx, options, NAME);
    prefetch = options?.kind === 'unknown' ? unknown(`the subscribe options ${options.reason.replace(/^is /, 'are ')}`) : numberProperty(obj, 'prefetchCount', NAME);
  } else if (options?.kind === 'unknown') {
    ack = unknown(`the subscribe options ${options.reason.replace(/^is /, 'are ')}`, options.origin);
  } else {
    const acked = readBoolean(ctx.file, obj?.props.get('ack'), false, NAME, obj?.open);
    ack = acked.kind === 'unknown' ? acked : acked.kind === 'known' ? known(acked.value ? 'manual' : 'auto', acked.origin) : defaulted('auto', NAME);
    if (ack.kind !== 'unknown' && ack.value === 'manual') prefetch = numberProperty(obj, 'prefetchCount', NAME, 1);
  }
  const origin = queue.origin;
  const declared = !queue.foreign && isCall(origin) && objects(ctx).methodCall(origin)?.method === 'queue' ? origin : undefined;
  const name = declared ? serverNamedIfAmq(stringArgument(ctx, argumentNodes(declared)[0], NAME)) : unknown<string>('the queue object is handed in, so its name is not known here');
  return consumer(ctx, {
    client: NAME,
    at: call,
    callee: calleeLabel(ctx.file, call.callee as Node),
    channel: `${NAME}:queue:${origin.start}`,
    queue: name,
    ack,
    prefetch,
    handler,
    syntax: { call },
  });
}
