// foo-foo-mq (and rabbot): its topology config and calls, whose queue options go to amqplib after aliasing.
import type * as t from '@babel/types';
import { isCall, type Node } from '../../parse/ast';
import { defaulted, known, unknown, valueOf, type AckMode, type ExchangeDeclaration, type FileModel, type QueueDeclaration, type Recognition, type Resolved } from '../../model';
import type { ObjectValue } from '../../resolve/values';
import type { ClientModule } from '../types';
import { contextOf, shared, type FileContext } from '../../resolve/file-context';
import { LibraryObjects, shapeOf } from '../queue-object-libraries/objects';
import { ackFromNoAck, argumentNodes, calleeLabel, connectionOpen, consumer, entryPlace, isLiteralTrue, numberProperty, queueDeclaration, stringArgument, stringProperty } from '../queue-object-libraries/model';
import { AMQPLIB_DIALECT, AMQPLIB_PROMOTED_OPTIONS, readQueueOptions, renderQueueOptionIntents, type QueueOptions, type QueueOptionsDialect, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { amqplibPublish } from '../amqplib-family/calls';
import { positionalExchange } from '../amqplib-family/topology';
import { exchangeSubject, stringOption } from '../model-builders/topology';
import { readBoolean } from '../model-builders/resolved';
import { withRecognition } from '../model-builders/receivers';
import { replyQueue, type ReplyQueueSyntax } from './reply-queue';
import { FOO_FOO_MQ_QUEUE_KEYS } from './option-keys';
import { addIgnored } from '../model-builders/option-keys';
import { optionKeysThatNeverArrive } from '../model-builders/dropped-options';

const NAME = 'foo-foo-mq';

/**
 * src/amqp/queue.js L54-86: the queue options go to amqplib's assertQueue after aliasing
 * (queueLimit → maxLength, deadLetter → deadLetterExchange); `type` and `queueVersion` become
 * x-queue-type / x-queue-version, and `arguments` is replaced by what foo-foo-mq builds, so a
 * user's own x-arguments table never reaches the broker. foo-foo-mq never sets durable: amqplib's
 * default (true) applies, whatever docs/topology.md says.
 */
const DIALECT: QueueOptionsDialect = {
  ...AMQPLIB_DIALECT,
  library: NAME,
  promoted: {
    ...AMQPLIB_PROMOTED_OPTIONS,
    queueLimit: 'x-max-length',
    queuelimit: 'x-max-length',
    deadLetter: 'x-dead-letter-exchange',
    deadletter: 'x-dead-letter-exchange',
    type: 'x-queue-type',
    queueVersion: 'x-queue-version',
    deadLetterStrategy: 'x-dead-letter-strategy',
  },
  argumentsKey: undefined,
};

/** Options foo-foo-mq leaves out of a quorum queue's declaration itself. */
const QUORUM_STRIPPED = ['exclusive', 'autoDelete'] as const;

/**
 * foo-foo-mq's module is its broker. Its calls as data, for a broker the tracker cannot follow (one handed to a
 * library, kept on an object): `addQueue(name, options, connectionName?)`, `addExchange(name, type, options?)`,
 * `startSubscription(queueName, exclusive?, connectionName?)`.
 */
const SHAPE = shapeOf({
  library: NAME,
  source: /^(foo-foo-mq|rabbot|wascally)$/,
  module: 'broker',
  api: {
    packageName: 'foo-foo-mq',
    shapes: [
      { method: 'addQueue', receiver: 'broker', makes: 'declaration', forms: [['name', 'options'], ['name', 'options', 'name']] },
      { method: 'addExchange', receiver: 'broker', makes: 'exchange', forms: [['name', 'name'], ['name', 'name', 'options'], ['name', 'name', 'options', 'name']] },
      { method: 'startSubscription', receiver: 'broker', makes: 'consumer', forms: [['name'], ['name', 'value'], ['name', 'value', 'name']] },
    ],
  },
});

function objects(ctx: FileContext): LibraryObjects {
  return shared(ctx, 'foo-foo-mq-objects', () => new LibraryObjects(ctx, NAME));
}

type CallNode = t.CallExpression | t.OptionalCallExpression;

/** A queue the file configures: its options object and whether foo-foo-mq subscribes to it. */
interface QueueConfig {
  name: Resolved<string>;
  options?: ObjectValue;
  subscribed: boolean;
}

/**
 * foo-foo-mq (and its predecessors rabbot and wascally): queues in `rabbit.configure({ queues })` and
 * `rabbit.addQueue(name, options)` with amqplib's defaults and foo-foo-mq's own keys (`type`,
 * `queueVersion`, `queueLimit`, `deadLetter`, `limit` for the prefetch, `noAck`), consumers started
 * by `subscribe: true` or `rabbit.startSubscription(name)`, publishes, which are confirmed by
 * default (exchanges use confirm channels unless `noConfirm: true`), and the exchanges
 * `configure({ exchanges })` and `addExchange(name, type, options)` declare.
 */
export const fooFooMq: ClientModule = {
  name: NAME,
  shapes: [SHAPE],
  mentions: /foo-foo-mq|rabbot|wascally/,
  analyze(ctx, model) {
    const objs = objects(ctx);
    const configs = new Map<string, QueueConfig>();
    const exchanges = new Map<string, ObjectValue>();
    const seen = new Set<Node>();
    const later: { node: CallNode; method: string; note: Recognition }[] = [];
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const call = objs.methodCall(node);
      if (call?.receiver.kind !== 'broker') continue;
      withRecognition(model, call.note, () => {
        switch (call.method) {
          case 'configure':
            model.opens.push(connectionOpen(ctx, NAME, node, calleeLabel(ctx.file, node.callee as Node)));
            configure(ctx, node, model, { configs, exchanges, seen });
            break;
          case 'addConnection': {
            model.opens.push(connectionOpen(ctx, NAME, node, calleeLabel(ctx.file, node.callee as Node)));
            const [optionsNode] = argumentNodes(node);
            const options = optionsNode ? ctx.resolver.resolve(optionsNode) : undefined;
            if (options?.kind === 'object') connectionReplies(ctx, node, options.object, model, { configs, exchanges, seen });
            break;
          }
          case 'addQueue':
            addQueue(ctx, node, model, configs);
            break;
          case 'addExchange': {
            model.exchanges.push(positionalExchange(ctx, node, NAME, NAME));
            const [nameNode, , optionsNode] = argumentNodes(node);
            const name = nameNode ? valueOf(stringArgument(ctx, nameNode, NAME)) : undefined;
            const options = optionsNode ? ctx.resolver.resolve(optionsNode) : undefined;
            if (name !== undefined && options?.kind === 'object') exchanges.set(name, options.object);
            break;
          }
          case 'startSubscription':
          case 'publish':
            later.push({ node, method: call.method, note: call.note });
        }
      });
    }
    // Subscriptions and publishes refer to queues and exchanges by name, configured anywhere in the file.
    for (const { node, method, note } of later) {
      withRecognition(model, note, () => {
        if (method === 'publish') model.publishes.push(publish(ctx, node, exchanges));
        else startSubscription(ctx, node, model, configs);
      });
    }
  },
  render(subject, intents, ctx) {
    if ((subject.syntax as Partial<ReplyQueueSyntax>).replyQueue) return { ok: false, reason: "foo-foo-mq makes the connection's reply queue itself: set the connection's replyQueue options instead" };
    if (subject.kind === 'queue-declaration') return renderQueueOptionIntents(ctx.file, subject.syntax as QueueOptionsSyntax, intents);
    if (subject.kind === 'consumer') {
      return { ok: false, reason: "foo-foo-mq acknowledges through message.ack() in the handler: remove noAck: true from the queue's options and call message.ack() after the handler's work" };
    }
    return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} for foo-foo-mq` };
  },
  advice(subject, ruleId) {
    if (subject.kind !== 'consumer' || ruleId !== 'unbounded-prefetch') return undefined;
    if ((subject.syntax as Partial<ReplyQueueSyntax>).replyQueue) {
      return "give the connection replyQueue: false if this process sends no requests (foo-foo-mq otherwise declares and consumes a reply queue for every connection), or replyQueue: { name: 'my-service.replies', autoDelete: true, subscribe: true, limit: 10 } so that its replies come with a prefetch";
    }
    return "give the queue a limit (foo-foo-mq's prefetch for it) in its options, e.g. { name: 'orders', limit: 10 }";
  },
};

interface ConfigState {
  configs: Map<string, QueueConfig>;
  exchanges: Map<string, ObjectValue>;
  seen: Set<Node>;
}

/** `rabbit.configure({ connection, exchanges: [...], queues: [...], bindings })`. */
function configure(ctx: FileContext, call: CallNode, model: FileModel, state: ConfigState): void {
  const [configNode] = argumentNodes(call);
  const config = configNode ? ctx.resolver.resolve(configNode) : undefined;
  if (config?.kind !== 'object') return;
  const exchanges = config.object.props.get('exchanges')?.value();
  if (exchanges?.kind === 'array') {
    for (const item of exchanges.items) {
      const name = item.kind === 'object' ? valueOf(stringProperty(item.object, 'name', NAME)) : undefined;
      if (item.kind === 'object' && name !== undefined) state.exchanges.set(name, item.object);
      if (item.kind === 'object') model.exchanges.push(configuredExchange(ctx, call, item.object));
    }
  }
  const connection = config.object.props.get('connection')?.value();
  if (connection?.kind === 'object') connectionReplies(ctx, call, connection.object, model, state);
  const queues = config.object.props.get('queues')?.value();
  if (queues?.kind !== 'array') return;
  for (const item of queues.items) if (item.kind === 'object') configuredQueue(ctx, call, item.object, model, state);
}

/** A queue entry of a topology (or a connection's replyQueue options): its declaration, and its consumer when subscribed. */
function configuredQueue(ctx: FileContext, call: CallNode, entry: ObjectValue, model: FileModel, state: ConfigState): void {
  if (state.seen.has(entry.node)) return;
  state.seen.add(entry.node);
  const options = readFooFooOptions(contextOf(ctx, entry.file) ?? ctx, entry.node);
  const name = uniqueName(stringProperty(entry, 'name', NAME), entry);
  const place = entryPlace(ctx, entry, call, NAME);
  addIgnored(model, optionKeysThatNeverArrive(ctx, entry, FOO_FOO_MQ_QUEUE_KEYS, { client: NAME, callee: calleeLabel(ctx.file, call.callee as Node), id: `${NAME}:ignored` }));
  model.declarations.push({
    ...queueDeclaration(ctx, { client: NAME, ...place, callee: calleeLabel(ctx.file, call.callee as Node), name, options, passive: isLiteralTrue(entry, 'passive'), syntax: options.syntax }),
    subscription: subscriptionOf(ctx, entry),
  });
  remember(ctx, model, state.configs, { ...place, callee: calleeLabel(ctx.file, call.callee as Node) }, name, entry);
}

/** The reply queue foo-foo-mq makes for a connection (`configure({ connection })`, `addConnection(options)`). */
function connectionReplies(ctx: FileContext, call: CallNode, connection: ObjectValue, model: FileModel, state: ConfigState): void {
  const own = replyQueue(ctx, call, connection, model, NAME);
  if (own) configuredQueue(ctx, call, own, model, state);
}

/** `rabbit.addQueue(name, options, connectionName)`. */
function addQueue(ctx: FileContext, call: CallNode, model: FileModel, configs: Map<string, QueueConfig>): void {
  const decl = addedQueue(ctx, call);
  const site = { client: NAME, callee: decl.callee, id: `${NAME}:ignored` };
  addIgnored(model, optionKeysThatNeverArrive(ctx, (decl.syntax as QueueOptionsSyntax).options, FOO_FOO_MQ_QUEUE_KEYS, site));
  model.declarations.push(decl);
  remember(ctx, model, configs, { at: call, id: decl.id, callee: decl.callee }, decl.name, (decl.syntax as QueueOptionsSyntax).options);
}

function addedQueue(ctx: FileContext, call: CallNode): QueueDeclaration {
  const [nameNode, optionsNode] = argumentNodes(call);
  const options = readFooFooOptions(ctx, optionsNode, nameNode ? { at: nameNode.end ?? 0, prefix: ', ', suffix: '' } : undefined);
  const obj = options.syntax.options;
  const name = obj ? uniqueName(stringArgument(ctx, nameNode, NAME), obj) : stringArgument(ctx, nameNode, NAME);
  const declaration = queueDeclaration(ctx, {
    client: NAME,
    at: call,
    callee: calleeLabel(ctx.file, call.callee as Node),
    name,
    options,
    passive: isLiteralTrue(obj, 'passive'),
    syntax: options.syntax,
    rebuild: (other) => addedQueue(other as FileContext, call),
  });
  return { ...declaration, subscription: subscriptionOf(ctx, obj) };
}

/** How foo-foo-mq consumes a queue it declares with these options: their `noAck` (default false) and `limit` (none by default). */
function subscriptionOf(ctx: FileContext, options: ObjectValue | undefined): NonNullable<QueueDeclaration['subscription']> {
  return { ack: ackFromNoAck(ctx, options ? { kind: 'object', object: options } : undefined, NAME), prefetch: numberProperty(options, 'limit', NAME), started: isLiteralTrue(options, 'subscribe') };
}

/** `unique: 'id' | 'hash' | 'consistent'` adds a suffix or prefix to the name at run time (topology.js getUniqueName). */
function uniqueName(name: Resolved<string>, options: ObjectValue): Resolved<string> {
  const unique = options.props.get('unique')?.value();
  if (!unique || (unique.kind === 'literal' && !unique.value)) return name;
  return unknown(`foo-foo-mq makes the name unique at run time (unique: ${unique.kind === 'literal' ? String(unique.value) : '…'})`);
}

/**
 * The queue options as foo-foo-mq sends them: for `type: 'quorum'` it leaves out exclusive,
 * autoDelete and maxPriority itself; x-dead-letter-strategy is sent for quorum queues only.
 */
function readFooFooOptions(ctx: FileContext, node: Node | undefined, addOptions?: QueueOptionsSyntax['addOptions']): QueueOptions {
  const options = readQueueOptions(ctx.file, ctx.resolver, node, DIALECT, { addOptions });
  const typeArg = options.arguments.find((a) => a.key === 'x-queue-type');
  const type = typeArg?.value.kind === 'unknown' ? 'unknown' : valueOf(typeArg?.value);
  const drop = (key: string) => {
    options.arguments = options.arguments.filter((a) => a.key !== key);
    options.syntax.argumentSources.delete(key);
  };
  if (type !== 'quorum') drop('x-dead-letter-strategy');
  if (type === 'quorum') {
    drop('x-max-priority');
    for (const flag of QUORUM_STRIPPED) {
      options[flag] = defaulted(false, `${NAME} (type: 'quorum')`);
      delete options.syntax.flags[flag];
    }
  } else if (type === 'unknown') {
    for (const flag of QUORUM_STRIPPED) {
      if (options.syntax.flags[flag] && options[flag].kind !== 'unknown' && valueOf(options[flag])) {
        options[flag] = unknown(`foo-foo-mq leaves ${flag} out when the queue type is quorum, and the type is not known here`);
      }
    }
  }
  return options;
}

/** Records a configured queue by name, and its consumer when foo-foo-mq subscribes to it (`subscribe: true`). */
function remember(ctx: FileContext, model: FileModel, configs: Map<string, QueueConfig>, place: { at: Node; id: string; callee: string }, name: Resolved<string>, options: ObjectValue | undefined): void {
  const subscribed = isLiteralTrue(options, 'subscribe');
  const key = name.kind === 'unknown' ? undefined : name.value;
  if (key !== undefined) configs.set(key, { name, options, subscribed });
  if (subscribed) model.consumers.push(queueConsumer(ctx, place, name, options, `${NAME}:queue:${key ?? place.id}`, place.callee));
}

/**
 * A consumer of a configured queue: noAck (default false) and `limit`, the prefetch foo-foo-mq sets on
 * the queue's channel (global false); no `limit` means no prefetch at all.
 */
function queueConsumer(ctx: FileContext, place: { at: Node; id?: string }, name: Resolved<string>, options: ObjectValue | undefined, channel: string, callee?: string) {
  const { at, id } = place;
  return consumer(ctx, {
    client: NAME,
    at,
    id,
    callee: callee ?? calleeLabel(ctx.file, at),
    channel,
    queue: name,
    ack: ackFromNoAck(ctx, options ? { kind: 'object', object: options } : undefined, NAME),
    prefetch: numberProperty(options, 'limit', NAME),
    syntax: { at },
  });
}

/** `rabbit.startSubscription(stringArgument, exclusive, connectionName)`: the queue's options say how it consumes. */
function startSubscription(ctx: FileContext, call: CallNode, model: FileModel, configs: Map<string, QueueConfig>): void {
  const [nameNode] = argumentNodes(call);
  const name = stringArgument(ctx, nameNode, NAME);
  const callee = calleeLabel(ctx.file, call.callee as Node);
  const config = name.kind === 'unknown' ? undefined : configs.get(name.value);
  if (config?.subscribed) return; // foo-foo-mq ignores a second subscription to the same queue
  if (config) {
    model.consumers.push(queueConsumer(ctx, { at: call }, name, config.options, `${NAME}:queue:${valueOf(name)}`, callee));
    return;
  }
  // Configured in another module (the engine finds it by name), or in options this code does not show: until then,
  // what foo-foo-mq gives a queue whose options set neither noAck nor limit.
  model.consumers.push({
    ...consumer(ctx, {
      client: NAME,
      at: call,
      callee,
      channel: `${NAME}:queue:${valueOf(name) ?? call.start}`,
      queue: name,
      ack: defaulted<AckMode>('manual', NAME),
      prefetch: undefined,
      syntax: { at: call },
    }),
    fromDeclaration: `the queue's options are not in the code this project shows: judged with foo-foo-mq's defaults for them (noAck false, and a prefetch only from a limit)`,
  });
}

/** `rabbit.publish(exchangeName, { type, body, routingKey })`: resolves on the broker's confirm unless the exchange has noConfirm. */
function publish(ctx: FileContext, call: CallNode, exchanges: Map<string, ObjectValue>) {
  const [exchangeNode] = argumentNodes(call);
  const exchange = exchangeNode ? valueOf(stringArgument(ctx, exchangeNode, NAME)) : undefined;
  const noConfirmProp = exchange === undefined ? undefined : exchanges.get(exchange)?.props.get('noConfirm');
  const noConfirm = noConfirmProp ? readBoolean(noConfirmProp.file, noConfirmProp, false, NAME, undefined) : undefined;
  const confirms: Resolved<boolean> = !noConfirm ? defaulted(true, NAME) : noConfirm.kind === 'unknown' ? noConfirm : known(!noConfirm.value, noConfirm.kind === 'known' ? noConfirm.origin : noConfirmProp!.file.span(noConfirmProp!.node));
  const confirmed = valueOf(confirms);
  const channel = `${NAME}:exchange:${exchange ?? call.start}`;
  const p = amqplibPublish(ctx, call, NAME, channel, confirmed ?? 'unknown', confirmed === false ? 'buffer-state' : 'confirm');
  return { ...p, callee: calleeLabel(ctx.file, call.callee as Node), confirms };
}

/** A `configure({ exchanges: [{ name, type }] })` entry; foo-foo-mq's exchange defaults are not modelled. */
function configuredExchange(ctx: FileContext, call: CallNode, entry: ObjectValue): ExchangeDeclaration {
  const options = { object: entry };
  const at: Node = entry.file === ctx.file ? entry.node : call;
  const parts = { name: stringOption(options, 'name', '', NAME), type: stringOption(options, 'type', '', NAME), durable: unknown<boolean>(`${NAME}'s default exchange durability is not modelled`) };
  return exchangeSubject(ctx, call, NAME, parts, at);
}
