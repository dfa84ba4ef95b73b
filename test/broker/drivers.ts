/**
 * One table of client "drivers": for each way a queue declaration reaches the broker from a client
 * library, how to write a small module that declares a queue with the library's real API (the text
 * the codemod reads and rewrites), how to run it, and where the library puts the broker's close
 * (each library surfaces it differently: an amqplib message, a rabbitmq-client `code` name, a
 * @cloudamqp/amqp-client "closed: TEXT (CODE)" message, rascal through amqplib's connection, NestJS's
 * ClientRMQ and @golevelup/nestjs-rabbitmq through the amqp-connection-manager channel and connection
 * under them).
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { OP_TIMEOUT } from './broker-env';
import { consumerModules, rascalModule } from './consumer-modules';
import { nodeAmqpReply, nodeAmqpSpecModule } from './driver-node-amqp';
import { limited } from './limited';
import { argsText, flagEntries, literal, objectText, optionsText, type ConsumeSpec, type QueueSpec } from './render';
import { declarationModule, replyOf, ROOT, settle, showReply, withTimeout, type AmqplibClient, type Reply, type Sandbox } from './harness';

export type { ConsumeSpec, QueueSpec } from './render';

export type DriverId = AmqplibClient | 'rabbitmq-client' | 'cloudamqp-channel' | 'cloudamqp-session' | 'rascal' | 'nestjs-client' | 'golevelup' | 'node-amqp';

interface Closable {
  on?(event: string, listener: (...args: any[]) => void): unknown;
  [k: string]: any;
}

/** One connection (or the library's connection object) the module opened: its errors and its close. */
export interface Watched {
  errors: unknown[];
  closed: Promise<void>;
  close(): Promise<void>;
}

export type Watch = (conn: Closable) => void;

export interface Driver {
  id: DriverId;
  /** The library as the codemod's findings name it (Finding.client). */
  library: string;
  /** A CommonJS module `(url, watch[, done])` that declares the queue with the library's API. */
  module(name: string, spec: QueueSpec): string;
  /**
   * A CommonJS module `(url, watch)` that declares the queue and consumes it with the library's API,
   * resolving once the broker confirmed the consumer; undefined if the library cannot express it.
   */
  consumer?(name: string, queue: QueueSpec, consume: ConsumeSpec): string | undefined;
  /** Runs the loaded module; resolves to the declared queue's name when the library returns it. */
  run(mod: unknown, url: string, watch: Watch): Promise<string | undefined>;
  /** Watches what the module passes to `watch`. */
  watch(conn: Closable): Watched;
  /** The broker's reply inside one of this library's errors. */
  reply(error: unknown): Reply | undefined;
  /** Runs must not overlap (the driver watches process-wide hooks while it runs). */
  oneAtATime?: boolean;
}

// ---------------------------------------------------------------- the broker's reply in each library's errors

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** AMQP 0-9-1 reply codes by name (rabbitmq-client reports the name, not the number). */
const REPLY_CODES: Record<string, number> = {
  CONTENT_TOO_LARGE: 311,
  NO_ROUTE: 312,
  NO_CONSUMERS: 313,
  CONNECTION_FORCED: 320,
  INVALID_PATH: 402,
  ACCESS_REFUSED: 403,
  NOT_FOUND: 404,
  RESOURCE_LOCKED: 405,
  PRECONDITION_FAILED: 406,
  FRAME_ERROR: 501,
  SYNTAX_ERROR: 502,
  COMMAND_INVALID: 503,
  CHANNEL_ERROR: 504,
  UNEXPECTED_FRAME: 505,
  RESOURCE_ERROR: 506,
  NOT_ALLOWED: 530,
  NOT_IMPLEMENTED: 540,
  INTERNAL_ERROR: 541,
};

/** rabbitmq-client: AMQPChannelError / AMQPConnectionError, `code` 'PRECONDITION_FAILED', message 'QueueDeclare: PRECONDITION_FAILED - ...'. */
function rabbitmqClientReply(e: unknown): Reply | undefined {
  const { code } = (e ?? {}) as { code?: unknown };
  if (typeof code !== 'string' || !(code in REPLY_CODES)) return undefined;
  const m = message(e);
  const at = m.indexOf(`${code} - `);
  return at < 0 ? undefined : { code: REPLY_CODES[code], text: m.slice(at) };
}

/** @cloudamqp/amqp-client: AMQPError 'channel 1 closed: PRECONDITION_FAILED - ... (406)' or 'connection closed: ... (541)'. */
function cloudamqpReply(e: unknown): Reply | undefined {
  const m = /closed: ([\s\S]*) \((\d{3})\)$/.exec(message(e));
  return m ? { code: Number(m[2]), text: m[1] } : undefined;
}

/** amqplib (and the libraries built on it): '... 406 (PRECONDITION-FAILED) with message "..."'. */
const amqplibReply = (e: unknown) => replyOf(message(e));

// ---------------------------------------------------------------- watching connections

/** A watched connection whose errors arrive through `subscribe` and which `close` closes. */
function watched(subscribe: (onError: (e: unknown) => void, onClosed: () => void) => void, close: () => unknown): Watched {
  const errors: unknown[] = [];
  let isClosed = false;
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  subscribe(
    (e) => void errors.push(e),
    () => {
      isClosed = true;
      markClosed();
    },
  );
  return { errors, closed, close: async () => void (isClosed || (await settle(Promise.resolve().then(close), 3000))) };
}

/** amqplib's promise API and amqp-connection-manager (which reconnects by itself: a broker close is a 'disconnect'). */
const watchAmqplib = (conn: Closable) =>
  watched((onError, onClosed) => {
    conn.on!('error', onError);
    conn.on!('close', (e?: Error) => (e && onError(e), onClosed()));
  }, () => conn.close());

const watchAcm = (conn: Closable) =>
  watched((onError, onClosed) => conn.on!('disconnect', ({ err }: { err?: Error }) => (err && onError(err), onClosed())), () => conn.close());

const watchAmqplibCallback = (conn: Closable) =>
  watched((onError, onClosed) => {
    conn.on!('error', onError);
    conn.on!('close', (e?: Error) => (e && onError(e), onClosed()));
  }, () => new Promise<void>((resolve) => {
    try {
      conn.close(() => resolve());
    } catch {
      resolve();
    }
  }));

// ---------------------------------------------------------------- running modules

type PromiseModule = (url: string, watch: Watch) => Promise<unknown>;
type CallbackModule = (url: string, watch: Watch, done: (err: Error | null, ok?: unknown) => void) => void;
type SetupModule = (url: string, watch: Watch) => { on(event: 'error', l: (e: Error) => void): unknown; waitForConnect(): Promise<void> };

const queueOf = (result: unknown) => {
  const q = (result as { queue?: unknown } | undefined)?.queue;
  return typeof q === 'string' ? q : undefined;
};
const runPromise = async (mod: unknown, url: string, watch: Watch) => queueOf(await (mod as PromiseModule)(url, watch));
const runCallback = (mod: unknown, url: string, watch: Watch) =>
  new Promise<string | undefined>((resolve, reject) => (mod as CallbackModule)(url, watch, (err, ok) => (err ? reject(err) : resolve(queueOf(ok)))));

/** The module text for the amqplib family, from harness.declarationModule. */
const amqplibFamily = (id: AmqplibClient) => (name: string, spec: QueueSpec) => declarationModule(id, name, optionsText(spec));

/**
 * rascal opens its connections with amqplib's callback API and does not hand a connection's close
 * to the caller when Broker.create fails (it rejects with "Channel ended, no reply will be
 * forthcoming" on a 541): the driver watches the amqplib connections rascal itself opens while it
 * runs (those whose connect call comes from rascal's code; other drivers use the same amqplib).
 * One rascal run at a time, so that each run sees only its own connections.
 */
const RASCAL_CODE = `${path.sep}rascal${path.sep}lib${path.sep}`;
function runRascal(mod: unknown, url: string, watch: Watch): Promise<string | undefined> {
  const api = createRequire(path.join(ROOT, 'node_modules', 'rascal', 'package.json'))('amqplib/callback_api') as { connect: (...a: any[]) => unknown };
  const original = api.connect;
  api.connect = (...args: any[]) => {
    if (!new Error().stack?.includes(RASCAL_CODE)) return original.apply(api, args);
    const cb = args[args.length - 1] as (err: unknown, conn?: Closable) => void;
    return original.apply(api, [...args.slice(0, -1), (err: unknown, conn?: Closable) => (conn && watch({ amqplibConnection: conn }), cb(err, conn))]);
  };
  return runPromise(mod, url, watch).finally(() => {
    api.connect = original;
  });
}

/**
 * NestJS and @golevelup/nestjs-rabbitmq declare in an amqp-connection-manager setup function and only
 * log its failure (golevelup's init() then times out; ClientRMQ.connect() waits for a reconnect): the driver
 * takes the refusal from the ChannelWrapper's 'error' (a channel close) or the connection's
 * 'disconnect' (a connection close), as amqp-connection-manager reports them. Their loggers are
 * silenced so that the refusals the cases expect do not flood the output.
 */
const nestRequire = createRequire(path.join(ROOT, 'package.json'));
let nestLoggerSilenced = false;
function silenceNestLogger(): void {
  if (nestLoggerSilenced) return;
  (nestRequire('@nestjs/common') as { Logger: { overrideLogger(l: false): void } }).Logger.overrideLogger(false);
  nestLoggerSilenced = true;
}

/**
 * Rejects with the first setup error of a channel wrapper or close error of `connection` (an
 * amqp-connection-manager connection). Channel wrappers created later (ClientRMQ creates its
 * wrappers on 'connect', and a second one when it reconnects) get the listener as they are created:
 * a wrapper whose setup fails emits 'error', which would throw without a listener.
 */
function refusalOf(existing: Closable[], connection: Closable, reject: (e: unknown) => void): void {
  const listen = (channel: Closable) => channel.on!('error', (e: unknown) => reject(e));
  connection.on!('disconnect', ({ err }: { err?: Error }) => err && reject(err));
  existing.forEach(listen);
  const createChannel = connection.createChannel.bind(connection);
  connection.createChannel = (...args: unknown[]) => {
    const channel = createChannel(...args);
    listen(channel);
    return channel;
  };
}

/**
 * The RMQ transport's options as `new ClientRMQ(...)` takes them: a client proxy declares the queue
 * (and consumes only the direct reply-to pseudo-queue), so an autoDelete queue outlives the run. A
 * ServerRMQ would consume the queue and the broker would delete an autoDelete one when it closes.
 */
const nestClientModule = (name: string, spec: QueueSpec) => `'use strict';
const { ClientRMQ } = require('@nestjs/microservices');

module.exports = function client(url) {
  return new ClientRMQ({
    urls: [url],
    queue: ${literal(name)},
    queueOptions: ${optionsText(spec)},
  });
};
`;

function runNestClient(mod: unknown, url: string, watch: Watch): Promise<string | undefined> {
  silenceNestLogger();
  return new Promise((resolve, reject) => {
    const client = (mod as (url: string) => Closable)(url);
    client.connect().then(() => resolve(undefined), reject);
    // connect() opens the amqp-connection-manager connection synchronously; the channels come on 'connect'.
    watch(client);
    refusalOf([], client.client, reject);
  });
}

/**
 * amqp-connection-manager reconnects after a broker close (and would declare again): its 'disconnect'
 * is not the end of the library's connection, which is always closed after the run.
 */
function watchReconnecting(connection: () => Closable, close: () => unknown): Watched {
  const w = watched((onError, onClosed) => connection().on!('disconnect', ({ err }: { err?: Error }) => (err && onError(err), onClosed())), () => undefined);
  return { ...w, close: async () => void (await settle(Promise.resolve().then(close), 3000)) };
}

/** `RabbitMQModule.forRoot(config)` with the queue in `queues[]`, as in a Nest module's imports. */
const golevelupModule = (name: string, spec: QueueSpec) => `'use strict';
const { RabbitMQModule } = require('@golevelup/nestjs-rabbitmq');

module.exports = function rabbit(url) {
  return RabbitMQModule.forRoot({
    uri: url,
    queues: [{ name: ${literal(name)}, options: ${optionsText(spec)} }],
  });
};
`;

/**
 * The config forRoot registers (its ConfigurableModuleBuilder options provider) handed to
 * AmqpConnection and init(), as RabbitMQModule.AmqpConnectionFactory does when Nest builds the module.
 */
function runGolevelup(mod: unknown, url: string, watch: Watch): Promise<string | undefined> {
  silenceNestLogger();
  const { AmqpConnection } = nestRequire('@golevelup/nestjs-rabbitmq') as { AmqpConnection: new (config: unknown) => Closable };
  const dynamicModule = (mod as (url: string) => { providers?: { provide?: unknown; useValue?: unknown }[] })(url);
  const options = dynamicModule.providers?.find((p) => String(p.provide).startsWith('CONFIGURABLE_MODULE_OPTIONS'));
  if (!options) return Promise.reject(new Error('RabbitMQModule.forRoot registered no options provider'));
  return new Promise((resolve, reject) => {
    const connection = new AmqpConnection(options.useValue);
    connection.init().then(() => resolve(undefined), reject);
    // init() creates the amqp-connection-manager connection and the default channel wrapper synchronously.
    watch(connection);
    refusalOf([connection.managedChannel], connection.managedConnection, reject);
  });
}

export const DRIVERS: readonly Driver[] = [
  { id: 'amqplib', library: 'amqplib', module: amqplibFamily('amqplib'), consumer: consumerModules.amqplib, run: runPromise, watch: watchAmqplib, reply: amqplibReply },
  {
    id: 'amqplib-callback',
    library: 'amqplib',
    module: amqplibFamily('amqplib-callback'),
    run: runCallback,
    watch: watchAmqplibCallback,
    reply: amqplibReply,
  },
  { id: 'acm-wrapper', library: 'amqp-connection-manager', module: amqplibFamily('acm-wrapper'), run: runPromise, watch: watchAcm, reply: amqplibReply },
  {
    id: 'acm-setup',
    library: 'amqp-connection-manager',
    module: amqplibFamily('acm-setup'),
    consumer: consumerModules.acmSetup,
    run: (mod, url, watch) =>
      new Promise((resolve, reject) => {
        const wrapper = (mod as SetupModule)(url, watch);
        // A failed setup is reported as the wrapper's 'error' (and retried after a reconnect).
        wrapper.on('error', reject);
        wrapper.waitForConnect().then(() => resolve(undefined), reject);
      }),
    watch: watchAcm,
    reply: amqplibReply,
  },
  {
    id: 'rabbitmq-client',
    library: 'rabbitmq-client',
    module: (name, spec) => `'use strict';
const { Connection } = require('rabbitmq-client');

module.exports = async function declare(url, watch) {
  const rabbit = new Connection(url);
  watch(rabbit);
  return rabbit.queueDeclare(${objectText([['queue', literal(name)], ...flagEntries(spec), ...(spec.arguments ? [['arguments', argsText(spec.arguments)] as [string, string]] : [])])});
};
`,
    consumer: consumerModules.rabbitmqClient,
    run: runPromise,
    // A broker close of the connection is an 'error' event; rabbitmq-client then reconnects.
    watch: (rabbit) => watched((onError) => rabbit.on!('error', onError), () => rabbit.close()),
    reply: rabbitmqClientReply,
  },
  {
    id: 'cloudamqp-channel',
    library: '@cloudamqp/amqp-client',
    module: (name, spec) => `'use strict';
const { AMQPClient } = require('@cloudamqp/amqp-client');

module.exports = async function declare(url, watch) {
  const connection = await new AMQPClient(url).connect();
  watch(connection);
  const channel = await connection.channel();
  const { name } = await channel.queueDeclare(${[literal(name), objectText(flagEntries(spec)), ...(spec.arguments ? [argsText(spec.arguments)] : [])].join(', ')});
  return { queue: name };
};
`,
    consumer: consumerModules.cloudamqpChannel,
    run: runPromise,
    // Its errors reach the caller's promise; the connection only needs closing.
    watch: (conn) => watched(() => undefined, () => (conn.closed ? undefined : conn.close())),
    reply: cloudamqpReply,
  },
  {
    id: 'cloudamqp-session',
    library: '@cloudamqp/amqp-client',
    module: (name, spec) => `'use strict';
const { AMQPSession } = require('@cloudamqp/amqp-client');

module.exports = async function declare(url, watch) {
  const session = await AMQPSession.connect(url);
  watch(session);
  const queue = await session.queue(${literal(name)}, ${optionsText(spec)});
  return { queue: queue.name };
};
`,
    consumer: consumerModules.cloudamqpSession,
    run: runPromise,
    // stop() also ends the session's reconnect loop after a connection close.
    watch: (session) => watched(() => undefined, () => session.stop()),
    reply: cloudamqpReply,
  },
  {
    id: 'rascal',
    library: 'rascal',
    module: (name, spec) => rascalModule(name, spec),
    consumer: consumerModules.rascal,
    run: runRascal,
    oneAtATime: true,
    watch: (conn) =>
      conn.amqplibConnection
        ? watched((onError, onClosed) => {
            conn.amqplibConnection.on('error', onError);
            conn.amqplibConnection.on('close', (e?: Error) => (e && onError(e), onClosed()));
          }, () => new Promise<void>((resolve) => conn.amqplibConnection.close(() => resolve())))
        : watched((onError) => conn.on!('error', onError), () => conn.shutdown()),
    reply: amqplibReply,
  },
  {
    id: 'nestjs-client',
    library: '@nestjs/microservices',
    module: nestClientModule,
    run: runNestClient,
    watch: (client) => watchReconnecting(() => client.client, () => client.close()),
    reply: amqplibReply,
  },
  {
    id: 'golevelup',
    library: '@golevelup/nestjs-rabbitmq',
    module: golevelupModule,
    run: runGolevelup,
    watch: (connection) => watchReconnecting(() => connection.managedConnection, () => connection.close()),
    reply: amqplibReply,
  },
  {
    id: 'node-amqp',
    library: 'node-amqp',
    module: nodeAmqpSpecModule,
    run: runCallback,
    // A broker close is the connection's 'error' (then 'close'); disconnect() ends the socket.
    watch: (conn) =>
      watched(
        (onError, onClosed) => {
          conn.on!('error', onError);
          conn.on!('close', onClosed);
        },
        () => new Promise<void>((resolve) => (conn.once('close', () => resolve()), conn.disconnect())),
      ),
    reply: nodeAmqpReply,
  },
];

export function driver(id: DriverId): Driver {
  const d = DRIVERS.find((x) => x.id === id);
  if (!d) throw new Error(`no driver ${id}`);
  return d;
}

// ---------------------------------------------------------------- running a declaration

/** What the broker did with a declaration. */
export type Outcome = { accepted: true; queue?: string } | { accepted: false; reply?: Reply; errors: string[] };

/**
 * Loads a declaration module and runs it against the broker at `url`, on its own connection (a 541
 * closes the connection), then closes the connection. Never throws for a refusal: the outcome says it.
 */
export function execute(sandbox: Sandbox, id: DriverId, source: string, url: string): Promise<Outcome> {
  const d = driver(id);
  return d.oneAtATime ? oneAtATime(() => executeNow(sandbox, d, source, url)) : executeNow(sandbox, d, source, url);
}

const oneAtATime = limited(1);

async function executeNow(sandbox: Sandbox, d: Driver, source: string, url: string): Promise<Outcome> {
  const id = d.id;
  const mod = sandbox.load(source);
  const watchedConns: Watched[] = [];
  const watch: Watch = (conn) => void watchedConns.push(d.watch(conn));
  let queue: string | undefined;
  let failure: unknown;
  try {
    queue = await withTimeout(d.run(mod, url, watch), OP_TIMEOUT, `the ${id} declaration`);
  } catch (e) {
    failure = e ?? new Error('rejected without a reason');
  }
  try {
    if (failure === undefined) return { accepted: true, queue };
    let reply = d.reply(failure);
    if (!reply && watchedConns.length) {
      // A connection-level close (541) may fail the pending declaration with "Channel ended, no
      // reply will be forthcoming"; the reply itself arrives with the connection's close.
      await settle(Promise.race(watchedConns.map((w) => w.closed)), 3000);
      reply = watchedConns.flatMap((w) => w.errors).map((e) => d.reply(e)).find((r) => r);
    }
    return { accepted: false, reply, errors: [failure, ...watchedConns.flatMap((w) => w.errors)].map(message) };
  } finally {
    // Last opened first: rascal's broker shuts down before the amqplib connection under it is looked at.
    for (const w of [...watchedConns].reverse()) await w.close();
  }
}

/** "accepted" or the reply, for assertion messages. */
export function showOutcome(o: Outcome): string {
  if (o.accepted) return `accepted${o.queue ? ` (queue ${o.queue})` : ''}`;
  return `refused: ${o.reply ? showReply(o.reply) : `no broker reply found in: ${o.errors.join(' | ')}`}`;
}
