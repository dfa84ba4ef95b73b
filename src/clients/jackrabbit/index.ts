// jackrabbit: its exchanges and queues, whose options go to amqplib with jackrabbit's own defaults.
import type * as t from '@babel/types';
import { fixedQueueOptions, ackFromNoAck, argumentNodes, calleeLabel, connectionOpen, consumer, numberProperty, queueDeclaration, stringArgument, stringProperty } from '../queue-object-libraries/model';
import { isCall, type Node } from '../../parse/ast';
import { defaulted, unknown, type FileModel, type FixIntent, type QueueDeclaration, type Resolved } from '../../model';
import type { ObjectValue } from '../../resolve/values';
import type { ClientModule } from '../types';
import { shared, type FileContext } from '../../resolve/file-context';
import { LibraryObjects, shapeOf, type Tracked } from '../queue-object-libraries/objects';
import { AMQPLIB_DIALECT, readQueueOptions, renderQueueOptionIntents, type QueueOptionsDialect, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { type RenderResult } from '../../fix/render-result';
import { withRecognition } from '../model-builders/receivers';
import { LEGACY_METHODS, legacyConsumer, legacyDeclaration } from './legacy-api';

const NAME = 'jackrabbit';

/**
 * lib/queue.js L7-20: `DEFAULT_QUEUE_OPTIONS = { exclusive: false, durable: true, prefetch: 1 }`
 * merged with the queue options, which go to amqplib's assertQueue (promoted options included).
 */
const DIALECT: QueueOptionsDialect = { ...AMQPLIB_DIALECT, library: NAME };
const DEFAULT_PREFETCH = 1;
const EXCHANGES = new Set(['default', 'direct', 'fanout', 'topic', 'exchange']);

const SHAPE = shapeOf({
  library: NAME,
  source: /^(@pager\/jackrabbit|jackrabbit)$/,
  module: 'factory',
  call: (kind) => (kind === 'factory' ? 'rabbit' : undefined),
  method: (kind, method) => {
    if (kind === 'rabbit' && EXCHANGES.has(method)) return 'exchange';
    if (kind === 'exchange' && method === 'queue') return 'queue';
    return undefined;
  },
  /**
   * jackrabbit's calls as data, for a receiver the tracker cannot follow (an exchange or queue handed to a helper):
   * `exchange.queue(options)` (which gives the queue), `exchange.rpcServer(key, handler)`, `queue.consume(handler, options?)`.
   */
  api: {
    packageName: 'jackrabbit',
    shapes: [
      { method: 'queue', receiver: 'exchange', makes: 'declaration', gives: true, forms: [['options']] },
      { method: 'rpcServer', receiver: 'exchange', makes: 'consumer', forms: [['name', 'function']] },
      { method: 'consume', receiver: 'queue', makes: 'consumer', forms: [['function'], ['function', 'options']] },
    ],
  },
});

interface JackrabbitDeclarationSyntax {
  options: QueueOptionsSyntax;
  /** Set for the queue exchange.rpcServer() declares itself. */
  rpcServer?: boolean;
}

function objects(ctx: FileContext): LibraryObjects {
  return shared(ctx, 'jackrabbit-objects', () => new LibraryObjects(ctx, NAME));
}

type CallNode = t.CallExpression | t.OptionalCallExpression;

/**
 * @pager/jackrabbit and jackrabbit 3.x (its rabbit.create / queue / handle: legacy-api.ts): `exchange.queue({ name, durable, ... })`
 * with jackrabbit's defaults (durable true, prefetch 1 on the queue's own channel), `queue.consume(fn,
 * { noAck })` (noAck false), and the transient queue `exchange.rpcServer(key, fn)` declares itself.
 */
export const jackrabbit: ClientModule = {
  name: NAME,
  shapes: [SHAPE],
  mentions: /jackrabbit/,
  analyze(ctx, model) {
    const objs = objects(ctx);
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const made = objs.of(node);
      if (made?.kind === 'rabbit' && made.origin === node) {
        model.opens.push(connectionOpen(ctx, NAME, node, calleeLabel(ctx.file, node.callee as Node)));
        continue;
      }
      const call = objs.methodCall(node);
      if (!call) continue;
      const { receiver, method, note } = call;
      withRecognition(model, note, () => {
        if (receiver.kind === 'exchange' && method === 'queue') model.declarations.push(declareQueue(ctx, node));
        else if (receiver.kind === 'exchange' && method === 'rpcServer') rpcServer(ctx, node, model);
        else if (receiver.kind === 'queue' && method === 'consume') model.consumers.push(queueConsumer(ctx, node, receiver));
        // jackrabbit 3.x's calls on the connection itself (4.x has none of them there).
        else if (receiver.kind === 'rabbit' && LEGACY_METHODS.has(method)) {
          if (method === 'handle') legacyConsumer(ctx, node, receiver, model);
          else model.declarations.push(legacyDeclaration(ctx, node));
        }
      });
    }
  },
  render(subject, intents, ctx) {
    if (subject.kind === 'queue-declaration') return renderDeclaration(ctx, subject.syntax as JackrabbitDeclarationSyntax, intents);
    if (subject.kind === 'consumer') return { ok: false, reason: "jackrabbit acknowledges through the handler's ack(): consume with noAck: false and call ack() after the handler's work" };
    return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} for jackrabbit` };
  },
};

function optionsObject(ctx: FileContext, node: Node | undefined): { object?: ObjectValue; reason?: string } {
  const value = node ? ctx.resolver.resolve(node) : undefined;
  if (value?.kind === 'object') return { object: value.object };
  if (value?.kind === 'unknown') return { reason: `the queue options ${value.reason.replace(/^is /, 'are ')}` };
  return {};
}

/** `exchange.queue(options?)`: a missing name makes a server-named queue. */
function declareQueue(ctx: FileContext, call: CallNode): QueueDeclaration {
  const [optionsNode] = argumentNodes(call);
  const openParen = ctx.file.text.indexOf('(', call.callee.end ?? 0);
  const options = readQueueOptions(ctx.file, ctx.resolver, optionsNode, DIALECT, { addOptions: { at: openParen + 1, prefix: '', suffix: '' } });
  const { object, reason } = optionsObject(ctx, optionsNode);
  const name: Resolved<string> = reason ? unknown(reason) : object ? stringProperty(object, 'name', NAME) : defaulted('', NAME);
  return queueDeclaration(ctx, {
    client: NAME,
    at: call,
    callee: calleeLabel(ctx.file, call.callee as Node),
    name,
    options,
    syntax: { options: options.syntax } satisfies JackrabbitDeclarationSyntax,
    rebuild: (other) => declareQueue(other as FileContext, call),
  });
}

/** `queue.consume(handler, { noAck })` on the queue's own channel, whose prefetch the queue options set. */
function queueConsumer(ctx: FileContext, call: CallNode, queue: Tracked) {
  const [handler, optionsNode] = argumentNodes(call);
  const origin = queue.origin;
  let name: Resolved<string>;
  let prefetch: Resolved<number> | undefined;
  if (!queue.foreign && isCall(origin) && objects(ctx).methodCall(origin)?.method === 'queue') {
    const [declOptions] = argumentNodes(origin);
    const { object, reason } = optionsObject(ctx, declOptions);
    name = reason ? unknown(reason) : object ? stringProperty(object, 'name', NAME) : defaulted('', NAME);
    prefetch = reason ? unknown(reason) : numberProperty(object, 'prefetch', NAME, DEFAULT_PREFETCH);
  } else {
    name = unknown('the queue object is handed in, so its name is not known here');
    prefetch = unknown('the queue is declared elsewhere, where its prefetch option is set or not');
  }
  return consumer(ctx, {
    client: NAME,
    at: call,
    callee: calleeLabel(ctx.file, call.callee as Node),
    channel: `${NAME}:queue:${origin.start}`,
    queue: name,
    ack: ackFromNoAck(ctx, optionsNode ? ctx.resolver.resolve(optionsNode) : undefined, NAME),
    prefetch,
    handler,
    syntax: { call },
  });
}

/**
 * `exchange.rpcServer(key, handler)`: jackrabbit declares the queue `key` with `{ prefetch: 1,
 * durable: false, autoDelete: true }` itself (lib/exchange.js L110-116) and consumes it (noAck false).
 */
function rpcServer(ctx: FileContext, call: CallNode, model: FileModel): void {
  const [keyNode, handler] = argumentNodes(call);
  const library = "jackrabbit's rpcServer()";
  const name = stringArgument(ctx, keyNode, NAME);
  model.declarations.push(
    queueDeclaration(ctx, {
      client: NAME,
      at: call,
      callee: calleeLabel(ctx.file, call.callee as Node),
      name,
      options: fixedQueueOptions(library, { durable: false, exclusive: false, autoDelete: true }),
      syntax: { options: { flags: {}, argumentSources: new Map() }, rpcServer: true } satisfies JackrabbitDeclarationSyntax,
    }),
  );
  model.consumers.push(
    consumer(ctx, {
      client: NAME,
      at: call,
      callee: calleeLabel(ctx.file, call.callee as Node),
      channel: `${NAME}:queue:${call.start}`,
      queue: name,
      ack: defaulted('manual', NAME),
      prefetch: defaulted(DEFAULT_PREFETCH, library),
      handler,
      syntax: { call },
    }),
  );
}

function renderDeclaration(ctx: FileContext, syntax: JackrabbitDeclarationSyntax, intents: FixIntent[]): RenderResult {
  if (syntax.rpcServer) {
    return {
      ok: false,
      reason:
        "jackrabbit's rpcServer() declares its queue with { durable: false, autoDelete: true } itself and takes no queue options: declare the queue with exchange.queue({ name: key, key, durable: true, prefetch: 1 }) and call .consume(handler) on it instead (the handler's ack(reply) answers the request the same way)",
    };
  }
  return renderQueueOptionIntents(ctx.file, syntax.options, intents);
}
