/**
 * The broker suite's machinery: small CommonJS modules that declare a queue with a real client
 * library (the text the codemod reads and rewrites), run against a real broker, and the broker's
 * reply taken apart so it can be compared with what the rules say.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as amqp from 'amqplib';
import { analyze, type FileResult } from '../../src/engine/analyze';
import { DEFAULT_OPTIONS, type AnalyzeOptions } from '../../src/engine/options';
import { applyEdits } from '../../src/fix/object-edit';
import type { Finding } from '../../src/model';
import { OP_TIMEOUT } from './broker-env';

export const ROOT = path.join(__dirname, '..', '..');

/** A random suffix per test file run: queue names never collide with an earlier run. */
export const RUN = Math.random().toString(36).slice(2, 8);

/** A queue name unique to this run. */
export function queueName(slug: string): string {
  return `rmq4cm-${slug}-${RUN}`;
}

// ---------------------------------------------------------------- time limits

export async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout: ${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const settle = (p: Promise<unknown>, ms: number) => withTimeout(p, ms, 'closing').catch(() => undefined);

// ---------------------------------------------------------------- broker replies

/** A broker's close reply: the code and the text, e.g. 406 / "PRECONDITION_FAILED - ...". */
export interface Reply {
  code: number;
  text: string;
}

/**
 * The reply inside an amqplib error message:
 * `Channel closed by server: 406 (PRECONDITION-FAILED) with message "PRECONDITION_FAILED - ..."`,
 * `Connection closed: 541 (INTERNAL-ERROR) with message "INTERNAL_ERROR - ..."`.
 */
export function replyOf(message: string): Reply | undefined {
  const m = /(\d{3}) \([A-Z_-]+\) with message "([\s\S]*)$/.exec(message);
  if (!m) return undefined;
  const text = m[2].endsWith('"') ? m[2].slice(0, -1) : m[2];
  return { code: Number(m[1]), text };
}

/** A rule's brokerError (`406 PRECONDITION_FAILED - ...`) as a reply. */
export function expectedReply(brokerError: string): Reply {
  const m = /^(\d{3}) ([\s\S]+)$/.exec(brokerError);
  if (!m) throw new Error(`not a broker error: ${brokerError}`);
  return { code: Number(m[1]), text: m[2] };
}

/** A rule's meta.brokerError with `Q` replaced by the queue name. */
export function withQueueName(brokerError: string, name: string): string {
  return brokerError.replace(/'Q'/g, `'${name}'`);
}

/** `406 PRECONDITION_FAILED - ...` (the first line of the text), for assertion messages. */
export function showReply(r: Reply | undefined): string {
  return r ? `${r.code} ${r.text.split('\n')[0]}` : '(no reply)';
}

/**
 * The reply matches a rule's brokerError: the same code, and the broker's text starts with the
 * rule's (the broker appends explanations to a 541, and amqplib cuts long texts).
 */
export function replyMatches(actual: Reply | undefined, brokerError: string): boolean {
  const want = expectedReply(brokerError);
  return !!actual && actual.code === want.code && actual.text.startsWith(want.text);
}

// ---------------------------------------------------------------- the codemod

export interface Codemod {
  result: FileResult;
  findings: Finding[];
  /** The text after applying every edit `fix --write` would make. */
  output: string;
}

export function codemod(text: string, file = 'declare.js', options: Partial<AnalyzeOptions> = {}): Codemod {
  const analysis = analyze([{ path: file, text }], { ...DEFAULT_OPTIONS, ...options });
  const result = analysis.files[0];
  return { result, findings: result.findings, output: applyEdits(text, result.edits) };
}

// ---------------------------------------------------------------- declaration modules

/**
 * The ways a declaration reaches the broker today (src/clients): amqplib's promise API, its
 * callback API, and amqp-connection-manager's ChannelWrapper.assertQueue and setup functions.
 */
export type AmqplibClient = 'amqplib' | 'amqplib-callback' | 'acm-wrapper' | 'acm-setup';

/**
 * A CommonJS module that declares one queue with the client's real API. The codemod reads and
 * rewrites exactly this text. `watch(connection)` lets the harness see the connection's errors and
 * close it; it is the only thing the module does for the test.
 */
export function declarationModule(client: AmqplibClient, name: string, options: string): string {
  const q = `'${name}'`;
  switch (client) {
    case 'amqplib':
      return `'use strict';
const amqp = require('amqplib');

module.exports = async function declare(url, watch) {
  const connection = await amqp.connect(url);
  watch(connection);
  const channel = await connection.createChannel();
  return channel.assertQueue(${q}, ${options});
};
`;
    case 'amqplib-callback':
      return `'use strict';
const amqp = require('amqplib/callback_api');

module.exports = function declare(url, watch, done) {
  amqp.connect(url, function (err, connection) {
    if (err) return done(err);
    watch(connection);
    connection.createChannel(function (err2, channel) {
      if (err2) return done(err2);
      channel.assertQueue(${q}, ${options}, done);
    });
  });
};
`;
    case 'acm-wrapper':
      return `'use strict';
const amqp = require('amqp-connection-manager');

module.exports = async function declare(url, watch) {
  const connection = amqp.connect([url]);
  watch(connection);
  const wrapper = connection.createChannel({ json: true });
  await wrapper.waitForConnect();
  return wrapper.assertQueue(${q}, ${options});
};
`;
    case 'acm-setup':
      return `'use strict';
const amqp = require('amqp-connection-manager');

module.exports = function start(url, watch) {
  const connection = amqp.connect([url]);
  watch(connection);
  return connection.createChannel({
    setup: (channel) => channel.assertQueue(${q}, ${options}),
  });
};
`;
  }
}

/**
 * A temporary directory whose modules resolve the project's node_modules (amqplib,
 * amqp-connection-manager) through a symlink.
 */
export class Sandbox {
  readonly dir: string;
  private n = 0;

  constructor(prefix = 'rmq4-broker-') {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(this.dir, 'node_modules'), 'dir');
  }

  /** Writes the text to a new file and loads it with Node's own require (no transform). */
  load<T = unknown>(text: string, base = 'declare'): T {
    const file = path.join(this.dir, `${base}-${++this.n}.js`);
    fs.writeFileSync(file, text);
    return createRequire(file)(file) as T;
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- direct broker helpers

async function withConnection<T>(url: string, fn: (ch: amqp.Channel) => Promise<T>): Promise<T> {
  const conn = await withTimeout(amqp.connect(url, { timeout: 5000 }), OP_TIMEOUT, `connecting to ${url.replace(/:[^:@/]*@/, ':***@')}`);
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    return await withTimeout(fn(ch), OP_TIMEOUT, 'a broker operation');
  } finally {
    await settle(Promise.resolve().then(() => conn.close()), 3000);
  }
}

/** Whether a queue exists (a passive declaration on a fresh connection). */
export async function queueExists(url: string, name: string): Promise<boolean> {
  try {
    await withConnection(url, (ch) => ch.checkQueue(name));
    return true;
  } catch (e) {
    if (replyOf((e as Error).message)?.code === 404) return false;
    throw e;
  }
}

/** Deletes queues (missing ones are fine) on one connection, each on a channel of its own (a refusal closes only that channel). */
export const deleteQueues = (url: string, names: Iterable<string>) => deleteEach(url, names, 'deleting', (ch, name) => ch.deleteQueue(name));

/** Deletes exchanges (missing ones are fine), as deleteQueues does queues. */
export const deleteExchanges = (url: string, names: Iterable<string>) => deleteEach(url, names, 'deleting exchange', (ch, name) => ch.deleteExchange(name));

async function deleteEach(url: string, names: Iterable<string>, what: string, remove: (ch: amqp.Channel, name: string) => Promise<unknown>): Promise<void> {
  const unique = [...new Set(names)].filter(Boolean);
  if (!unique.length) return;
  const conn = await withTimeout(amqp.connect(url, { timeout: 5000 }), OP_TIMEOUT, `connecting to ${url.replace(/:[^:@/]*@/, ':***@')}`).catch(() => undefined);
  if (!conn) return;
  conn.on('error', () => undefined);
  try {
    for (const name of unique) {
      const ch = await conn.createChannel().catch(() => undefined);
      if (!ch) break;
      ch.on('error', () => undefined);
      await withTimeout(remove(ch, name), OP_TIMEOUT, `${what} ${name}`).then(() => ch.close(), () => undefined).catch(() => undefined);
    }
  } finally {
    await settle(Promise.resolve().then(() => conn.close()), 3000);
  }
}

/** The broker's version and product, from the connection's server properties. */
export async function serverVersion(url: string): Promise<string> {
  const conn = await withTimeout(amqp.connect(url, { timeout: 5000 }), OP_TIMEOUT, 'connecting');
  try {
    const props = (conn as unknown as { connection: { serverProperties?: Record<string, unknown> } }).connection.serverProperties ?? {};
    return String(props.version ?? 'unknown');
  } finally {
    await settle(Promise.resolve().then(() => conn.close()), 3000);
  }
}
