// amqp-ts: its Connection, Exchange and Queue objects, whose declarations go to amqplib unchanged.
import type * as t from '@babel/types';
import { fixedQueueOptions } from '../queue-object-libraries/model';
import { isCall, type Node } from '../../parse/ast';
import { defaulted, unknown, type FileModel, type FixIntent, type QueueDeclaration, type Resolved } from '../../model';
import { lineEndingOf } from '../../text';
import { editObject } from '../../fix/object-edit';
import type { ObjectValue } from '../../resolve/values';
import type { ClientModule } from '../types';
import { contextOf, shared, type FileContext } from '../../resolve/file-context';
import { LibraryObjects, shapeOf, type Tracked } from '../queue-object-libraries/objects';
import {
  ackFromNoAck,
  argumentNodes,
  calleeLabel,
  connectionOpen,
  consumer,
  entryPlace,
  isLiteralTrue,
  numberProperty,
  perConsumerQos,
  queueDeclaration,
  stringArgument,
  stringProperty,
} from '../queue-object-libraries/model';
import { positionalExchange } from '../amqplib-family/topology';
import { AMQPLIB_DIALECT, objectSpan, readQueueOptions, renderQueueOptionIntents, type QueueOptionsDialect, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { type RenderResult } from '../../fix/render-result';
import { withRecognition } from '../model-builders/receivers';

const NAME = 'amqp-ts';

/** amqp-ts hands the declaration options to amqplib's assertQueue unchanged (src/amqp-ts.ts L784). */
const DIALECT: QueueOptionsDialect = { ...AMQPLIB_DIALECT, library: NAME };

const CLASSES: Record<string, string> = { Connection: 'connection-class', Queue: 'queue-class', Exchange: 'exchange-class' };
const TYPES: Record<string, string> = { Connection: 'connection', Queue: 'queue', Exchange: 'exchange' };

const SHAPE = shapeOf({
  library: NAME,
  source: /^(amqp-ts|@droidsolutions-oss\/amqp-ts)$/,
  module: 'module',
  member: (kind, name) => (kind === 'module' ? CLASSES[name] : undefined),
  construct: (kind) => (kind === 'connection-class' ? 'connection' : undefined),
  method: (kind, method) => {
    if (kind !== 'connection') return undefined;
    if (method === 'declareQueue') return 'queue';
    if (method === 'declareExchange') return 'exchange';
    return undefined;
  },
  typeName: (exported) => TYPES[exported],
  /**
   * amqp-ts's calls as data, for a receiver the tracker cannot follow (a connection or queue handed to a helper):
   * `connection.declareQueue(name, options?)` and `declareExchange(name, type?, options?)` (which give their objects),
   * `queue.activateConsumer(handler, options?)` / `startConsumer(...)`.
   */
  api: {
    packageName: 'amqp-ts',
    shapes: [
      { method: 'declareQueue', receiver: 'connection', makes: 'declaration', gives: true, forms: [['name'], ['name', 'options']] },
      { method: 'declareExchange', receiver: 'connection', makes: 'exchange', gives: true, forms: [['name'], ['name', 'value'], ['name', 'value', 'options']] },
      { method: 'activateConsumer', receiver: 'queue', makes: 'consumer', forms: [['function'], ['function', 'options']] },
      { method: 'startConsumer', receiver: 'queue', makes: 'consumer', forms: [['function'], ['function', 'options']] },
    ],
  },
});

const CONSUME = new Set(['activateConsumer', 'startConsumer']);

interface AmqpTsDeclarationSyntax {
  options: QueueOptionsSyntax;
  /** A declareTopology queue entry `{ name, options }`, where a missing `options` is added. */
  entry?: ObjectValue;
  /** Set for the queue exchange.activateConsumer() declares itself. */
  implicit?: string;
}

function objects(ctx: FileContext): LibraryObjects {
  return shared(ctx, 'amqp-ts-objects', () => new LibraryObjects(ctx, NAME));
}

/**
 * amqp-ts and its fork @droidsolutions-oss/amqp-ts: `connection.declareQueue(name, options)` and
 * `declareTopology({ queues })` (amqplib defaults), the transient queue `exchange.activateConsumer()`
 * declares itself, queue consumers (noAck false on the wire: activateConsumer leaves the ack to
 * message.ack(), startConsumer acks after the handler) and prefetch (the `prefetch` option or
 * `queue.prefetch(n)`, never global), and `connection.declareExchange(name, type, options)`. Each amqp-ts
 * queue has its own channel.
 */
export const amqpTs: ClientModule = {
  name: NAME,
  shapes: [SHAPE],
  mentions: /amqp-ts/,
  analyze(ctx, model) {
    const objs = objects(ctx);
    const entries = new Set<Node>();
    for (const node of ctx.file.nodes) {
      if (node.type === 'NewExpression' && objs.kindOf(node) === 'connection') {
        model.opens.push(connectionOpen(ctx, NAME, node, calleeLabel(ctx.file, node.callee as Node, 'new ')));
        continue;
      }
      if (!isCall(node)) continue;
      const call = objs.methodCall(node);
      if (call) withRecognition(model, call.note, () => read(ctx, model, node, call, entries));
    }
  },
  render(subject, intents, ctx) {
    if (subject.kind === 'queue-declaration') return renderDeclaration(ctx, subject.syntax as AmqpTsDeclarationSyntax, intents);
    if (subject.kind === 'consumer') {
      return { ok: false, reason: 'amqp-ts acknowledges through message.ack(): set noAck to false and call message.ack() in the handler after its work' };
    }
    return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} for amqp-ts` };
  },
};

type CallNode = t.CallExpression | t.OptionalCallExpression;

/** The subjects of one call on an amqp-ts object. */
function read(ctx: FileContext, model: FileModel, node: CallNode, call: { receiver: Tracked; method: string }, entries: Set<Node>): void {
  const { receiver, method } = call;
  if (receiver.kind === 'connection' && method === 'declareQueue') model.declarations.push(declareQueue(ctx, node));
  else if (receiver.kind === 'connection' && method === 'declareTopology') topology(ctx, node, model, entries);
  else if (receiver.kind === 'connection' && method === 'declareExchange') model.exchanges.push(positionalExchange(ctx, node, NAME, NAME));
  else if (receiver.kind === 'queue' && CONSUME.has(method)) model.consumers.push(queueConsumer(ctx, node, receiver, method));
  else if (receiver.kind === 'queue' && method === 'prefetch') {
    const [countNode] = argumentNodes(node);
    const count = numberOf(ctx, countNode);
    model.qos.push(perConsumerQos(ctx, NAME, node, channelKey(receiver), count));
  } else if (receiver.kind === 'exchange' && CONSUME.has(method)) exchangeConsumer(ctx, node, method, model);
}

function channelKey(queue: Tracked): string {
  return `${NAME}:queue:${queue.origin.start}`;
}

function numberOf(ctx: FileContext, node: Node | undefined): Resolved<number> {
  if (!node) return defaulted(0, NAME);
  const v = ctx.resolver.resolve(node);
  if (v.kind === 'literal' && typeof v.value === 'number') return { kind: 'known', value: v.value, origin: v.origin ?? ctx.file.span(node) };
  if (v.kind === 'unknown') return unknown(v.reason, v.origin);
  return unknown(`\`${ctx.file.source(node)}\` is not a number`, ctx.file.span(node));
}

/** `connection.declareQueue(name, options?)`; `noCreate: true` only checks the queue (checkQueue). */
function declareQueue(ctx: FileContext, call: CallNode): QueueDeclaration {
  const [nameNode, optionsNode] = argumentNodes(call);
  const options = readQueueOptions(ctx.file, ctx.resolver, optionsNode, DIALECT, {
    addOptions: nameNode ? { at: nameNode.end ?? 0, prefix: ', ', suffix: '' } : undefined,
  });
  return queueDeclaration(ctx, {
    client: NAME,
    at: call,
    callee: calleeLabel(ctx.file, call.callee as Node),
    name: stringArgument(ctx, nameNode, NAME),
    options,
    passive: isLiteralTrue(options.syntax.options, 'noCreate'),
    syntax: { options: options.syntax } satisfies AmqpTsDeclarationSyntax,
    rebuild: (other) => declareQueue(other as FileContext, call),
  });
}

/** `connection.declareTopology({ queues: [{ name, options }] })`: one declaration per queue entry. */
function topology(ctx: FileContext, call: CallNode, model: FileModel, seen: Set<Node>): void {
  const [topologyNode] = argumentNodes(call);
  const value = topologyNode ? ctx.resolver.resolve(topologyNode) : undefined;
  if (value?.kind !== 'object') return;
  const queues = value.object.props.get('queues')?.value();
  if (queues?.kind !== 'array') return;
  for (const item of queues.items) {
    if (item.kind !== 'object' || seen.has(item.object.node)) continue;
    seen.add(item.object.node);
    const entry = item.object;
    const optionsProp = entry.props.get('options');
    const optionsNode = optionsProp?.node.type === 'ObjectProperty' ? (optionsProp.node.value as Node) : undefined;
    const home = (contextOf(ctx, entry.file) ?? ctx);
    const options = readQueueOptions(home.file, home.resolver, optionsNode, DIALECT);
    model.declarations.push(
      queueDeclaration(ctx, {
        client: NAME,
        ...entryPlace(ctx, entry, call, NAME),
        callee: calleeLabel(ctx.file, call.callee as Node),
        name: stringProperty(entry, 'name', NAME),
        options,
        passive: isLiteralTrue(options.syntax.options, 'noCreate'),
        syntax: { options: options.syntax, entry } satisfies AmqpTsDeclarationSyntax,
      }),
    );
  }
}

/** The declareQueue call a queue object comes from, if it is in this file. */
function declaringCall(ctx: FileContext, queue: Tracked): CallNode | undefined {
  const origin = queue.origin;
  if (queue.foreign || !isCall(origin)) return undefined;
  const call = objects(ctx).methodCall(origin);
  return call?.receiver.kind === 'connection' && call.method === 'declareQueue' ? origin : undefined;
}

/** `queue.activateConsumer(fn, options)` / `queue.startConsumer(fn, options)`. */
function queueConsumer(ctx: FileContext, call: CallNode, queue: Tracked, method: string) {
  const [handler, optionsNode] = argumentNodes(call);
  const declared = declaringCall(ctx, queue);
  let name: Resolved<string>;
  let prefetch: Resolved<number> | undefined;
  if (declared) {
    const [nameNode, declOptions] = argumentNodes(declared);
    name = stringArgument(ctx, nameNode, NAME);
    const opts = declOptions ? ctx.resolver.resolve(declOptions) : undefined;
    prefetch = opts?.kind === 'unknown' ? unknown(`the queue options ${opts.reason.replace(/^is /, 'are ')}`) : numberProperty(opts?.kind === 'object' ? opts.object : undefined, 'prefetch', NAME);
  } else {
    name = unknown('the queue object is handed in, so its name is not known here');
    prefetch = unknown('the queue is declared elsewhere, where its prefetch option is set or not');
  }
  return consumer(ctx, {
    client: NAME,
    at: call,
    callee: calleeLabel(ctx.file, call.callee as Node),
    channel: channelKey(queue),
    queue: name,
    ack: ackFromNoAck(ctx, optionsNode ? ctx.resolver.resolve(optionsNode) : undefined, NAME),
    prefetch,
    handler,
    syntax: { call, method },
  });
}

/**
 * `exchange.activateConsumer(fn, options)` (and the deprecated startConsumer): amqp-ts declares a
 * queue `<exchange>.<application>.<hostname>.<pid>` with `{ durable: false }` itself (L670, L689),
 * binds it and consumes from it on the queue's own channel, with no prefetch.
 */
function exchangeConsumer(ctx: FileContext, call: CallNode, method: string, model: FileModel): void {
  const [handler, optionsNode] = argumentNodes(call);
  const library = `amqp-ts's exchange.${method}()`;
  const name = unknown<string>(`amqp-ts names it <exchange>.<application>.<hostname>.<pid> at run time`);
  model.declarations.push(
    queueDeclaration(ctx, {
      client: NAME,
      at: call,
      callee: calleeLabel(ctx.file, call.callee as Node),
      name,
      options: fixedQueueOptions(library, { durable: false, exclusive: false, autoDelete: false }),
      syntax: { options: { flags: {}, argumentSources: new Map() }, implicit: method } satisfies AmqpTsDeclarationSyntax,
    }),
  );
  model.consumers.push(
    consumer(ctx, {
      client: NAME,
      at: call,
      callee: calleeLabel(ctx.file, call.callee as Node),
      channel: `${NAME}:queue:${call.start}`,
      queue: name,
      ack: ackFromNoAck(ctx, optionsNode ? ctx.resolver.resolve(optionsNode) : undefined, NAME),
      handler,
      syntax: { call, method },
    }),
  );
}

function renderDeclaration(ctx: FileContext, syntax: AmqpTsDeclarationSyntax, intents: FixIntent[]): RenderResult {
  if (syntax.implicit) {
    return {
      ok: false,
      reason: `amqp-ts's exchange.${syntax.implicit}() declares its own queue with { durable: false } and no option changes that: declare a durable queue with connection.declareQueue(name, { durable: true }), bind it with queue.bind(exchange, pattern) and consume it with queue.activateConsumer() instead`,
    };
  }
  const { options, entry } = syntax;
  if (!options.options && !options.optionsUnknown && entry) {
    // A topology entry without `options`: add them to the entry, in the entry's layout.
    if (intents.some((i) => i.kind !== 'set-flag')) return { ok: false, reason: 'the topology entry has no options to change' };
    const flags = intents.map((i) => (i.kind === 'set-flag' ? `${i.flag}: ${i.value}` : '')).join(', ');
    const { text, path } = entry.file;
    const edits = editObject(text, objectSpan(entry), [], [`options: { ${flags} }`], lineEndingOf(text)).map((e) => ({ ...e, file: path }));
    return { ok: true, edits, touched: [entry.file.span(entry.node)] };
  }
  return renderQueueOptionIntents(ctx.file, options, intents);
}
