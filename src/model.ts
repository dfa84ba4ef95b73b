/**
 * The normalized model between clients and rules.
 * Clients (src/clients) turn a library's syntax into these objects, applying that library's defaults.
 * Rules (src/rules) read only these objects and never look at syntax.
 */

export type TargetVersion = '4.0' | '4.1' | '4.2' | '4.3';
export const TARGET_VERSIONS: readonly TargetVersion[] = ['4.0', '4.1', '4.2', '4.3'];
export const DEFAULT_TARGET: TargetVersion = '4.3';

export type Severity = 'error' | 'warning' | 'info';
export const SEVERITY_RANK: Record<Severity, number> = { info: 1, warning: 2, error: 3 };

/** A span of source text: [start, end) as UTF-16 offsets into the file's text. */
export interface Span {
  file: string;
  start: number;
  end: number;
}

/**
 * A value as the code determines it. Three-valued:
 * - known: written in the code (origin says where),
 * - default: the client library decides it because the code leaves it out,
 * - unknown: the code decides it at run time (reason says why, e.g. process.env).
 */
export type Resolved<T> =
  | { kind: 'known'; value: T; origin: Span }
  | { kind: 'default'; value: T; library: string }
  | {
      kind: 'unknown';
      reason: string;
      origin?: Span;
      /** A function parameter: each call site decides the value. */
      param?: ParamOrigin;
      /** Certainly truthy whatever it is (`x || 10`): a count that is never 0. */
      truthy?: true;
      /**
       * Never left unset: the code falls back to a truthy value when it is not given (`x ?? 100`), or the read throws
       * when it is missing (`config.getOrThrow(key)`); only whoever sets it on purpose can make it 0.
       */
      chosen?: true;
      /** Every value the code can give it, where it names them all (a class field assigned in several places): for `|| false` alike. */
      possible?: readonly unknown[];
      /** A value a file outside the code sets, unless something else is set (node-config's default and its environment variable). */
      unlessSet?: UnlessSet;
    };

/** `value` unless `by` is set: a configuration file's default and the environment variable that replaces it. */
export interface UnlessSet {
  value: string;
  by: string;
}

type Marks = { truthy?: true; chosen?: true; unlessSet?: UnlessSet };

/** What a resolver's unknown value tells of itself at run time (truthy, chosen, its default), carried into a Resolved. */
export const runTimeMarks = (v: Marks): Marks => ({ ...(v.truthy ? { truthy: true as const } : {}), ...(v.chosen ? { chosen: true as const } : {}), ...(v.unlessSet ? { unlessSet: v.unlessSet } : {}) });

/** The parameter of a function a value comes from (the function node is opaque to rules). */
export interface ParamOrigin {
  fn: object;
  index: number;
  name: string;
}

export const known = <T>(value: T, origin: Span): Resolved<T> => ({ kind: 'known', value, origin });
export const defaulted = <T>(value: T, library: string): Resolved<T> => ({ kind: 'default', value, library });
export const unknown = <T = never>(reason: string, origin?: Span, param?: ParamOrigin): Resolved<T> => (param ? { kind: 'unknown', reason, origin, param } : { kind: 'unknown', reason, origin });

/** The value if the code or the library settles it, otherwise undefined. */
export function valueOf<T>(r: Resolved<T> | undefined): T | undefined {
  return r && r.kind !== 'unknown' ? r.value : undefined;
}

export function isUnknown<T>(r: Resolved<T> | undefined): r is { kind: 'unknown'; reason: string; origin?: Span; param?: ParamOrigin; truthy?: true; chosen?: true } {
  return !!r && r.kind === 'unknown';
}

export type QueueType = 'classic' | 'quorum' | 'stream';
export const QUEUE_TYPES: readonly QueueType[] = ['classic', 'quorum', 'stream'];

/**
 * The broker's default queue type (catalogue F3: a vhost's `default_queue_type`, else the node's
 * `default_queue_type`): one type for every vhost, or a type per vhost name with `*` for the vhosts the
 * code does not name or leaves to run time. Unset: classic, the broker's own default.
 */
export type DefaultQueueTypes = QueueType | Readonly<Record<string, QueueType>>;

/** One x-argument of a queue declaration, with how the code spelled it. */
/**
 * How the call a subject is read from was recognised when its receiver is not traced to a library object (the
 * recognition ladder's rung b, resolve/objects/ladder.ts): said in its findings and its consumers row.
 */
export interface Recognition {
  /** Why the call is taken to be the library's although its receiver is not traced (what the receiver was inferred from). */
  untraced?: string;
  /** Every client whose API the call fits, when more than one does (this subject's client among them): the engine compares their verdicts. */
  among?: readonly string[];
}

export interface QueueArgument {
  key: string;
  value: Resolved<unknown>;
  /** 'option' for a client's promoted option (amqplib maxPriority), 'arguments' for a raw table entry. */
  via: 'option' | 'arguments';
  /** The option or key as written (maxPriority, 'x-max-priority'). */
  spelledAs: string;
}

export type QueueFlag = 'durable' | 'exclusive' | 'autoDelete';

export interface QueueDeclaration extends Recognition {
  kind: 'queue-declaration';
  /** Stable within one analysis of a file: `${client}:${start}`. */
  id: string;
  client: string;
  /** The call or config entry that declares the queue (where findings are reported). */
  at: Span;
  /** Where an annotation comment goes: the start of the statement that holds the declaration. */
  statementStart: number;
  /** A human label of how the queue is declared, e.g. "ch.assertQueue()". */
  callee: string;
  name: Resolved<string>;
  durable: Resolved<boolean>;
  exclusive: Resolved<boolean>;
  autoDelete: Resolved<boolean>;
  passive: boolean;
  arguments: QueueArgument[];
  /** Set when some arguments cannot be listed (e.g. a spread of an unknown object). */
  argumentsIncomplete?: string;
  /**
   * Why the declaration's code cannot run as far as the project shows (it is in a function nothing in the repository
   * calls, exports, registers or hands on, outside a test); set only where a quorum rule may read it.
   */
  unreached?: string;
  /**
   * The source the declaration's values were read from (object literals, literals, constants).
   * A fix may edit a span only if every declaration that depends on it wants the same edit.
   */
  dependsOn: Span[];
  /** Opaque to rules: what the client needs to render fix intents in its own syntax. */
  syntax: unknown;
  /** Re-reads the declaration with another resolver (one call site of the function it is in). */
  rebuild?: (ctx: object) => QueueDeclaration;
  /**
   * Set when the declaration is seen through a call of the function that declares it: the declaring
   * call inside that function, and where a marker comment goes above it.
   */
  via?: { callee: string; declaredAt: Span; declaredStatement: number };
  /** The call of the helper an instance is read at. */
  site?: string;
  /**
   * That call's receiver in the function it is written in (`file:function:adapter`), when it is a method call: a
   * prefetch another method of the same object sets earlier in that function (`adapter.setPrefetch(n)`, then
   * `adapter.subscribe(...)`) is on the channel the object holds.
   */
  siteOn?: string;
  /** Why a rewrite must not be made here even if one exists. */
  rewriteBlocked?: string;
  /**
   * Read as a caller that passes no options gets it (library mode: the library's own defaults decide, since nothing in
   * the project calls its exported function): how that caller calls it, e.g. "Rabbit.createQueue()".
   */
  libraryDefaults?: string;
  /**
   * How the library consumes the queue when code subscribes to it by name (foo-foo-mq's `startSubscription(name)` uses
   * the queue's own `noAck` and `limit`): the ack mode, and the prefetch (undefined: none).
   */
  subscription?: { ack: Resolved<AckMode>; prefetch?: Resolved<number>; /** The declaration starts that consumer itself (`subscribe: true`): a subscription by name adds none. */ started?: boolean };
  /**
   * The virtual host the declaration goes to, when the code names it (the connection's URL or options, a
   * declarative config's vhost key); undefined when it is left to run time.
   */
  vhost?: string;
}

export type AckMode = 'auto' | 'manual';

export interface Qos extends Recognition {
  kind: 'qos';
  client: string;
  at: Span;
  statementStart: number;
  /** The channel the prefetch applies to (a client-chosen identity). */
  channel: string;
  /** A helper's prefetch read at one call: the caller's channel its channel parameter is given. */
  callerChannel?: string;
  count: Resolved<number>;
  global: Resolved<boolean>;
  /**
   * Whether the call runs at all, when an `if` around it in its function decides (`if (prefetch)`):
   * known false means never (e.g. every caller of the helper leaves `prefetch` at null).
   */
  runs?: Resolved<boolean>;
  /** As for declarations and consumers in a helper: read again per call site. */
  id?: string;
  callee?: string;
  rebuild?: (ctx: object) => Qos;
  via?: { callee: string; declaredAt: Span; declaredStatement: number };
  /** The call of the helper an instance is read at (consumers link to the prefetch of their own call). */
  site?: string;
  /** That call's receiver in the function it is written in (`file:function:adapter`), when it is a method call: see `Consumer.siteOn`. */
  siteOn?: string;
  /**
   * Read as a caller that passes no options gets it (library mode: the library's own defaults decide, since nothing in
   * the project calls its exported function): how that caller calls it, e.g. "Rabbit.createQueue()".
   */
  libraryDefaults?: string;
  syntax: unknown;
}

export interface Consumer extends Recognition {
  kind: 'consumer';
  id: string;
  client: string;
  at: Span;
  statementStart: number;
  callee: string;
  channel: string;
  /** A helper's consumer read at one call: the caller's channel its channel parameter is given (a prefetch set there applies). */
  callerChannel?: string;
  queue: Resolved<string>;
  /** The declaration whose result names the queue (`q.queue` of `const q = await ch.assertQueue('')`), when the code consumes it so. */
  queueDeclaration?: QueueDeclaration;
  ack: Resolved<AckMode>;
  /** The last prefetch set on the consumer's channel before it starts consuming; undefined if none. */
  qos?: Qos;
  /** A prefetch set on the same channel only after the consume call (it does not apply to this consumer). */
  qosAfter?: Qos;
  /** Set when the client itself applies a prefetch (e.g. rascal's default of 10). */
  prefetch?: Resolved<number>;
  /**
   * The prefetch a library sets on a channel it hands out (@golevelup/nestjs-rabbitmq's AmqpConnection.channel: its
   * prefetchCount, 10 by default): in force unless the code sets another on that channel.
   */
  channelPrefetch?: Resolved<number>;
  /** The message handler's function, when written inline or as a local function. */
  handler?: { start: number; end: number };
  /** What the message handler does with the message, when the client can read the handler. */
  handlerFacts?: HandlerFacts;
  /** The mode the options write before a run-time spread that may change it (`{ noAck: true, ...opts }`). */
  ackWritten?: AckMode;
  /** Why the acknowledgement mode, unknown from the options, was settled by what the handler does (a sentence). */
  ackFromHandler?: string;
  /** Consumer (basic.consume) arguments such as x-priority, x-cancel-on-ha-failover, x-stream-offset. */
  consumerArguments: ConsumerArgument[];
  /** Re-reads the consumer with another resolver (one call site of the function it is in). */
  rebuild?: (ctx: object) => Consumer;
  /** Set when the consumer is seen through a call of the function that consumes (see QueueDeclaration.via). */
  via?: { callee: string; declaredAt: Span; declaredStatement: number };
  /** The call of the helper an instance is read at. */
  site?: string;
  /**
   * That call's receiver in the function it is written in (`file:function:adapter`), when it is a method call: a
   * prefetch another method of the same object sets earlier in that function (`adapter.setPrefetch(n)`, then
   * `adapter.subscribe(...)`) is on the channel the object holds.
   */
  siteOn?: string;
  /**
   * Where the consumer's options are written when that is another file (a helper that returns them):
   * a finding about a value the options leave to the library's default is reported there.
   */
  optionsAt?: { span: Span; statementStart: number };
  /**
   * The code cancels this consumer itself (`ch.cancel(tag)` in its handler or in the function that starts it), and
   * whether that is in a test file: a consumer that lives only as long as a test.
   */
  ownCancel?: { at: Span; what: string; test?: true };
  /**
   * Read as a caller that passes no options gets it (library mode: the library's own defaults decide, since nothing in
   * the project calls its exported function): how that caller calls it, e.g. "Rabbit.createQueue()".
   */
  libraryDefaults?: string;
  /**
   * The consumer takes its ack mode and prefetch from its queue's declaration (its `subscription`), wherever in the
   * project that is (the engine fills them in). Until one is found, `ack` and `prefetch` are what the library gives a
   * queue declared without them, and this says so (a sentence).
   */
  fromDeclaration?: string;
  /**
   * Its channel is not traced and the project sets a prefetch on some channel: whether one applies cannot be told, so
   * no rule calls it unbounded; its prefetch is unknown, at that prefetch call (the consumers table names it).
   */
  prefetchElsewhere?: true;
  /**
   * Read at a call on an object (`adapter.subscribe(...)`) with no prefetch before it, where another method of that
   * object sets one on the channel it holds: that method's name (`setPrefetch()`). The caller did not call it first.
   */
  prefetchOffered?: string;
  /** An untraced receiver that is a channel the consumer's function opens itself (`const ch = await conn.createChannel()`): only a prefetch set on it applies. */
  ownChannel?: true;
  /**
   * Whether the consume call runs at all, as its function decides before it (`if (typeof handler !== 'function') throw`):
   * known false where a call of the function never gets that far with the arguments it passes.
   */
  runs?: Resolved<boolean>;
  syntax: unknown;
}

/** The AMQP 0-9-1 field types a client library sends a table value as (the broker judges some arguments by type). */
export type FieldType = 'longstr' | 'integer' | 'float' | 'boolean' | 'void' | 'timestamp' | 'table' | 'array';

/** A basic.consume argument: its value, and the field type the client library encodes it as, when the code settles it. */
export interface ConsumerArgument {
  key: string;
  value: Resolved<unknown>;
  wire?: FieldType;
}

/** A place in a message handler and what the code does there ("reads msg.content"). */
export interface HandlerUse {
  at: Span;
  what: string;
}

/**
 * What a consumer's message handler does with its message, read from the handler and the local
 * functions it passes the message to.
 */
export interface HandlerFacts {
  /** The library calls the handler with null when the broker cancels the consumer (amqplib's consume). */
  nullOnCancel: boolean;
  /** The first use that throws on a null message with no null check before it (none: guarded, unused, or nullOnCancel is false). */
  unguardedUse?: HandlerUse;
  /** The handler's own first null check of the message (`if (!msg)`, `msg ? ... : ...`), when it has one. */
  nullCheck?: HandlerUse;
  /** The check whose branch holds the unguarded use and runs only when the message is null (`else` of `if (msg)`). */
  nullBranch?: HandlerUse;
  /**
   * An async handler's null check that throws (`if (!msg) throw new Error(...)`, `assert(msg)`), nothing catching it:
   * the library ignores the handler's promise, so the throw is an unhandled rejection.
   */
  nullThrow?: HandlerUse;
  /** The handler's message parameter is typed to admit null (`msg: ConsumeMessage | null`): its author expects the library to pass null. */
  typedNullable?: true;
  /** The handler's module, or a helper module it hands the message to, names the x-death header in code (reads it somewhere). */
  xDeathInModule?: true;
  /** Reads of the count of the message's x-death header (a retry decision). */
  xDeathCounts: HandlerUse[];
  /** Publishes of the received message's content (the message sent again by the client). */
  republishes: HandlerUse[];
  /** The republishes among them made only once the x-death count has reached its limit (`if (count >= MAX) park(msg)`): a parking lot, not a retry. */
  republishesPastLimit: HandlerUse[];
  /** The republishes among them that pass the received headers (or all its properties) on unchanged. */
  republishedHeaders: HandlerUse[];
  /**
   * The republishes among them written beside a reject or nack without requeue of the message (in the same block): the
   * broker dead-letters the original, which keeps its count; the republish is a copy sent aside (an audit, an alert).
   */
  republishesBesideDeadLetter?: HandlerUse[];
  /** Reads of the x-delivery-count header (its meaning changes for quorum queues in 4.3). */
  deliveryCountReads: HandlerUse[];
  /** nack and reject of the message, with their requeue flag (true: back to the queue; false: dead-lettered or dropped). */
  rejections: (HandlerUse & { method: 'nack' | 'reject'; requeue: Resolved<boolean> })[];
  /** Explicit acks of the message (`ch.ack(msg)`, `msg.ack()`). */
  acks: HandlerUse[];
  /** With manual ack, only the handler settles a message (amqplib's consume, not rabbitmq-client's createConsumer, which acks on return). */
  handlerSettles?: true;
  /**
   * The first place the message leaves the code the analysis reads (handed to a function it does not follow, stored,
   * returned, emitted, or settled in bulk with ackAll): what happens to it there is not known.
   */
  escapes?: HandlerUse;
}

/** How the code treats what a publish call returns. */
export type ResultUse = 'ignored' | 'awaited' | 'tested' | 'returned' | 'stored';

export interface Publish extends Recognition {
  kind: 'publish';
  id: string;
  client: string;
  at: Span;
  statementStart: number;
  callee: string;
  channel: string;
  /** Whether the broker confirms each message on this channel (publisher confirms). */
  confirms: Resolved<boolean>;
  /** What the call's result means to the library: a write-buffer flag or the broker's confirm. */
  returns: 'buffer-state' | 'confirm';
  resultUse: ResultUse;
  /** Inside a loop, waiting for this message's confirm before the next publish. */
  waitsForConfirmInLoop: boolean;
  /** The size of the message body in bytes, when the code settles it (e.g. `Buffer.alloc(20 * 1024 * 1024)`). */
  payloadBytes?: Resolved<number>;
  /** Where the body is written (the payload argument), for findings about it. */
  payloadAt?: Span;
  /** The publish's `mandatory` flag (basic.return of unroutable messages). */
  mandatory?: Resolved<boolean>;
  /** Where the message is sent. */
  route?: PublishRoute;
  /**
   * The message headers the code writes out in the publish call (known keys only, e.g. x-delay);
   * undefined when the call sets no headers the client can read.
   */
  headers?: { key: string; value: Resolved<unknown> }[];
  /** How the library tells the code its write buffer is full, and whether the code waits (rule publisher-backpressure). */
  pacing?: PublishPacing;
  syntax: unknown;
}

/**
 * A publisher's back-pressure: amqplib's publish returns false when the channel's write buffer is full and
 * the channel emits 'drain' once it has room; the promise-returning clients settle the publish's promise
 * once the message is written (or confirmed), so a publisher that does not wait on it never slows down.
 */
export interface PublishPacing {
  /** 'false-then-drain': the call returns false when the buffer is full (amqplib); 'promise': the call returns a promise that settles once the message is written or confirmed. */
  signal: 'false-then-drain' | 'promise';
  /** Where the publish runs once per item or request (a loop that does not wait between items, a route or consume handler), when it does. */
  repeated?: UnitOfWork;
  /** What repeats it: a loop, a request (HTTP, GraphQL), or a message the broker delivers (a consume, event or RPC handler, paced by its prefetch). */
  repeatedBy?: 'loop' | 'request' | 'message';
  /** The code waits for the channel's 'drain' event (awaits it or listens for it) around the publish or in its file. */
  waitsForDrain: boolean;
  /** The returned promise is collected (pushed to an array, handed to Promise.all) rather than dropped. */
  collected?: boolean;
  /**
   * The channel is opened anew by each run of the code that publishes on it (the function opens it, or calls a
   * factory that opens one per call, and publishes with no loop between: one write per channel, whose buffer never
   * fills; or it opens and closes it around a loop over the list its caller hands in: the buffer holds at most that list).
   */
  channelPerRun?: true;
  /** For a publish repeated by a loop: what bounds the loop (its items, its test, the loops around it). */
  bound?: LoopBound;
  /**
   * Why what the publish returns is not certain: a receiver not traced to its library, in a project that depends on a
   * wrapper whose publish returns a promise and waits for 'drain' itself (amqp-connection-manager's ChannelWrapper),
   * while the code treats the result as that promise (awaits it).
   */
  returnsDoubt?: string;
  /**
   * The same doubt where the code ignores what the call returns: the project depends on this wrapper, whose publish
   * returns a promise (testing it for false cannot work there).
   */
  wrapperInProject?: string;
}

/**
 * What bounds a loop: `bounded` by one request's, message's or event's payload, by a few items or a count the code
 * writes out, or by a page of a query; `many`: more items than that, written out (`for (i < 10000)`); `unbounded` (a
 * `while (true)`, a stream or cursor read item by item, a queue drained); `unknown` (a parameter, a collection whose
 * size the code does not show). `what` says it in words, with the code it is read from.
 */
export interface LoopBound {
  kind: 'bounded' | 'many' | 'unbounded' | 'unknown';
  by?: 'payload' | 'fixed' | 'page';
  what: string;
  /** The number of items, when the code writes it out. */
  count?: number;
  /** The items are this parameter of the loop's function: the caller's list, already in memory. */
  parameter?: string;
}

/** The exchange and routing key of a publish (a send to a queue is the default exchange ''). */
export interface PublishRoute {
  exchange: Resolved<string>;
  routingKey: Resolved<string>;
  /** The routing key is the `replyTo` property of a received message (an RPC reply). */
  replyToOfReceived?: boolean;
}

/** A queue bound to an exchange (queue.bind). */
export interface QueueBinding extends Recognition {
  kind: 'queue-binding';
  id: string;
  client: string;
  at: Span;
  statementStart: number;
  callee: string;
  queue: Resolved<string>;
  exchange: Resolved<string>;
  /** The queue name is the `replyTo` property of a received message. */
  replyToOfReceived?: boolean;
  syntax: unknown;
}

/** An AMQP 1.0 link (a sender or a receiver) attached to a source or target address. */
export interface Amqp10Link extends Recognition {
  kind: 'amqp10-link';
  id: string;
  client: string;
  at: Span;
  statementStart: number;
  callee: string;
  role: 'sender' | 'receiver';
  address: Resolved<string>;
  syntax: unknown;
}

/** A connection or channel being opened. */
export interface ConnectionOpen {
  kind: 'connection-open';
  id: string;
  client: string;
  at: Span;
  statementStart: number;
  callee: string;
  what: 'connection' | 'channel';
  /** Set when the code opens it once per unit of work: in a consume or request handler, a loop over items, or a function they call. */
  perUnitOfWork?: UnitOfWork;
  /**
   * A channel opened on a connection the run does not open itself (a field, a module's, a parameter) and closed in a
   * `finally` of the function that opens it, or after use by a statement of the block that opens it: one channel per
   * run, closed, on a long-lived connection. Says which.
   */
  channelOnShared?: string;
  /** The frame_max the client offers in connection.tune-ok, when the code sets it (a library default is left out). */
  frameMax?: Resolved<number>;
  /** How the code sets frameMax: an option property, or a `frameMax=` query parameter of the URL. */
  frameMaxVia?: 'option' | 'url';
  /** The library itself throws, before it connects, when frameMax is below `value` (@cloudamqp/amqp-client). */
  frameMaxClientMinimum?: { value: number; error: string };
  syntax: unknown;
}

/** A handler or loop that runs once per message, request or item, and the calls from it to where something is opened. */
export interface UnitOfWork {
  /** What runs once per unit: 'the consume handler', 'the HTTP route handler (@Post)', 'a loop', ... */
  kind: string;
  /** Where it is (a reported path, 1-based line). */
  file: string;
  line: number;
  /** The functions between it and the open, innermost first: each one's name and where it is called. */
  via: { name: string; file: string; line: number }[];
  /** What one run of it is, when the kind does not say: a message, a request, an item. */
  per?: 'message' | 'request' | 'item';
  /**
   * A function the module exports that nothing in the project calls: its users call it once per message it sends.
   * `leaks`: it never closes what it opens. `unfollowed`: the module is an application's, whose calls of it the
   * analysis cannot follow (a DI container, a call by name): how often it runs is not seen.
   */
  exported?: { name: string; leaks?: true; unfollowed?: true };
}

/** bun.lockb is bun's binary lock file: found (it decides what bun installs), never read. */
export type DependencyManifest = 'package.json' | 'package-lock.json' | 'yarn.lock' | 'pnpm-lock.yaml' | 'bun.lock' | 'bun.lockb';

/** A client library the project depends on: a range in package.json, or a version a lock file installs. */
export interface DependencyPin {
  kind: 'dependency';
  id: string;
  /** The package name (amqplib, rabbitmq-client). */
  client: string;
  /** The range or version as written (where findings are reported and a fix edits). */
  at: Span;
  /** The start of the line that holds it. */
  statementStart: number;
  /** A human label, e.g. `dependencies["amqplib"]` or `node_modules/amqp-ts/node_modules/amqplib`. */
  callee: string;
  manifest: DependencyManifest;
  /** package.json: the range as written and the section (dependencies, devDependencies, ...). */
  range?: string;
  section?: string;
  /** Lock files: the version installed. */
  version?: string;
  /** Lock files: the packages that require this copy, with the range they ask for. Empty when only the project does. */
  requiredBy: { name: string; range?: string }[];
  /**
   * package.json: the lock file that installs this package's dependencies (beside it, or its workspace root's)
   * and the version it installs of this one (none: the lock file does not list it, or cannot be read: `unread`
   * says why, e.g. bun.lockb is binary). Undefined: no lock file.
   */
  locked?: { file: string; manifest: DependencyManifest; version?: string; unread?: string };
  /**
   * Whether the package's own source files (beside the manifest and below it) import this package or a library
   * that loads it; undefined when not known (too many files to read, or a lock file's copy another package requires).
   */
  imported?: boolean;
  /** Nested packages below the manifest (directories relative to it) that require the package and install a copy of their own: their imports do not load this one. */
  ownCopies?: string[];
  /** A lock file of a workspace member: the package manager installs the member from the workspace root (this directory), not from this lock file. */
  notUsedBy?: string;
  syntax: unknown;
}

/** An exchange being declared (exchange.declare), directly or through a library's topology config. */
export interface ExchangeDeclaration extends Recognition {
  kind: 'exchange-declaration';
  id: string;
  client: string;
  at: Span;
  statementStart: number;
  callee: string;
  name: Resolved<string>;
  /** The exchange type: direct, topic, fanout, headers, or a plugin's (x-delayed-message). */
  type: Resolved<string>;
  durable: Resolved<boolean>;
  /** Exchange arguments (x-delayed-type, alternate-exchange, ...). */
  arguments: { key: string; value: Resolved<unknown> }[];
  syntax: unknown;
}

/** A queue being deleted (queue.delete) and the conditions the call puts on it. */
export interface QueueDeletion extends Recognition {
  kind: 'queue-deletion';
  id: string;
  client: string;
  at: Span;
  statementStart: number;
  callee: string;
  queue: Resolved<string>;
  /** Delete only if the queue has no consumers (if-unused). */
  ifUnused: Resolved<boolean>;
  /** Delete only if the queue has no messages (if-empty). */
  ifEmpty: Resolved<boolean>;
  syntax: unknown;
}

/**
 * A message handler a library calls for some of the messages of a consumer it starts elsewhere, whose queue, ack mode
 * and prefetch belong to that consumer (Nest's `@EventPattern` / `@MessagePattern` methods on an RMQ microservice: the
 * server consumes its queue and calls the handler whose pattern a message names, with the message in an RmqContext).
 * Only what the handler does with its message is read here.
 */
export interface MessageHandler {
  kind: 'message-handler';
  id: string;
  client: string;
  /** The handler method, its decorators included: a use inside it is reported where it is. */
  at: Span;
  statementStart: number;
  /** How the library is told to call it: "@EventPattern('orders.created')". */
  callee: string;
  handlerFacts: HandlerFacts;
  syntax: unknown;
}

/**
 * An option key a client library never reads, one edit away from one it does (a misspelling, another library's name
 * for the option, an x-argument written where the library takes only named options), or a key the code reads that the
 * options object does not have, one edit away from one it has: either way the option never arrives.
 */
export interface IgnoredOption {
  kind: 'ignored-option';
  id: string;
  client: string;
  /** The key as written (or the read of the missing key). */
  at: Span;
  statementStart: number;
  /** What takes the options: "ch.consume()". */
  callee: string;
  /** The key as written or read. */
  key: string;
  /** The key (or call) it stands for. */
  intended: string;
  /** What the library does instead (a sentence): the value it really uses. */
  uses: string;
  /**
   * 'written': the options hold a key the library ignores; 'read': the code reads a key the options do not hold;
   * 'dropped': a caller passes a key the library reads to a project function that never passes it on (`through`).
   */
  side: 'written' | 'read' | 'dropped';
  /**
   * For 'dropped': the function that drops it, the keys of its options it reads, where it builds the library's options
   * ("src/queue.ts:6"), and the functions the caller reaches it through, which hand their options on whole (outermost first).
   */
  through?: { wrapper: string; reads: string[]; builtAt: string; via: string[] };
  syntax: unknown;
}

/** Everything a client recognised in one file. */
export interface FileModel {
  file: string;
  declarations: QueueDeclaration[];
  consumers: Consumer[];
  qos: Qos[];
  publishes: Publish[];
  opens: ConnectionOpen[];
  bindings: QueueBinding[];
  links: Amqp10Link[];
  /** Dependency manifests only (package.json, lock files). */
  dependencies?: DependencyPin[];
  exchanges: ExchangeDeclaration[];
  queueDeletions: QueueDeletion[];
  /** Option keys the library ignores, near one it reads (absent: none found). */
  ignoredOptions?: IgnoredOption[];
  /** Message handlers a library dispatches to from a consumer started elsewhere (absent: none found). */
  handlers?: MessageHandler[];
}

/** Anything a rule can report on. */
export type Subject = QueueDeclaration | Consumer | Qos | Publish | ConnectionOpen | QueueBinding | Amqp10Link | DependencyPin | ExchangeDeclaration | QueueDeletion | IgnoredOption | MessageHandler;

/** What a rule wants changed, said in RabbitMQ terms. The recognising client renders it. */
export type FixIntent =
  | { kind: 'set-flag'; flag: QueueFlag; value: boolean }
  | { kind: 'remove-argument'; key: string }
  | { kind: 'replace-argument'; key: string; newKey: string; newValue: string }
  /** basic.qos: per consumer instead of per channel. */
  | { kind: 'drop-global-qos' }
  /** A consumer: manual ack after the handler's work, and a prefetch on its channel. */
  | { kind: 'manual-ack'; prefetch: number }
  /** An AMQP 1.0 link: attach to this address instead. */
  | { kind: 'set-address'; address: string }
  /** A connection: offer this frame_max instead of the one the code sets. */
  | { kind: 'set-frame-max'; value: number }
  /** package.json: a range that admits `minimum` and later, in the same style as the old one. */
  | { kind: 'raise-dependency'; name: string; minimum: string }
  /** A consumer: return early from the handler when the library delivers null (the broker cancelled it). */
  | { kind: 'guard-null-message' }
  /** Replace the literal x-stream-offset written at `at` (inside the consume call) with `text`, the point in time it means. */
  | { kind: 'set-stream-offset'; at: Span; text: string; means: string };

export type FixKind = 'rewrite' | 'annotate' | 'none';

export interface TextEdit {
  start: number;
  end: number;
  text: string;
  /** The file to edit (a reported path). Renderers set it on every edit; absent means the finding's file. */
  file?: string;
}

export interface Fix {
  kind: FixKind;
  description: string;
  /**
   * The edits that carry out this fix in the finding's file: for a rewrite, the whole rewrite of the
   * declaration (partial rewrites are never legal on their own); for an annotation, the marker comment.
   */
  edits?: TextEdit[];
  /** An opt-in rewrite (fix --unsafe-fixes, a non-preferred quick fix in the editor). */
  optIn?: { description: string; edits: TextEdit[] };
  /** What happens to a queue that already exists with the old settings. */
  existingQueue?: string;
  /** A rewrite's premises: the conditions its edit relies on to change nothing but the refusal, each checked by the engine before the edit was offered (fix/premises.ts). */
  premises?: string[];
}

export interface Finding {
  ruleId: string;
  severity: Severity;
  file: string;
  /** Offsets of the reported span, and of the statement a marker or ignore comment goes above. */
  start: number;
  end: number;
  anchor: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  client: string;
  queue?: string;
  brokerError?: string;
  fix: Fix;
  /** Other places the finding is about: the callers of the helper it is reported in, where its values are written. */
  related?: RelatedLocation[];
}

/** A place a finding refers to, with what it is ("called here", "durable is set here"). */
export interface RelatedLocation {
  file: string;
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
}

/** Where a value the code leaves to run time comes from, as a reviewer reads it (resolve/value-source.ts). */
export interface ValueSource {
  kind: 'environment' | 'config' | 'lookup' | 'template' | 'parameter' | 'condition' | 'expression';
  /** The expression as written (shortened past 120 characters). */
  expression: string;
  /** Where it is written (a report path); line 1-based. */
  file: string;
  line: number;
  /** What decides it: the environment variable, the configuration key (its parts filled in where the call settles them), the parameter, the lookup called. */
  name?: string;
  /** The value the code falls back to when that is not given (`|| 'orders'`, `?? 20`, `: 20`, a parameter's default), as written. */
  fallback?: string;
  /** A template's text with `${…}` where run time fills it in. */
  template?: string;
  /** The variable or property the expression is assigned to (`const QUEUE = …`). */
  variable?: string;
  /** The calls whose arguments decide it, with what each passes. */
  callers?: { file: string; line: number; passes: string }[];
  /** One sentence: what it is and where. */
  description: string;
}

/** What would decide a consumer's unknown verdict: the value, what names it, and where it is written. */
export interface DecidedBy {
  value: 'ack' | 'prefetch';
  name: string;
  file: string;
  line: number;
}

/** A row of the consumers table: a consumer, its acknowledgement mode and prefetch, and the engine's verdict. */
export interface ConsumerReport {
  file: string;
  line: number;
  client: string;
  queue: string | null;
  /** Where the queue's name comes from, when the code leaves it to run time. */
  queueSource?: ValueSource;
  ack: 'auto' | 'manual' | 'unknown';
  /** Where the acknowledgement mode comes from, when the code leaves it to run time. */
  ackSource?: ValueSource;
  prefetch: number | null;
  /** The prefetch as a range when run time decides it but the code bounds it (`20 unless RMQ_PREFETCH is set`, `at least 1`). */
  prefetchRange?: string;
  /** Where the prefetch comes from, when the code leaves it to run time. */
  prefetchSource?: ValueSource;
  verdict: 'safe' | 'unsafe' | 'unknown';
  reasons: string[];
  /** For an unknown verdict: each value that would decide it. */
  decidedBy?: DecidedBy[];
  /** The package (service) of a project with several, by its package.json name (or folder). */
  package?: string;
  /** The order to fix in, 1 first (report/consumers.ts: `fixOrder`). */
  priority?: number;
  /** Set when the consumer's receiver is not traced but inferred (the recognition ladder's rung b): from what. */
  inferred?: string;
  /** Every client whose API the consume call fits when their readings disagree: the verdict is then unknown. */
  clients?: string[];
}
