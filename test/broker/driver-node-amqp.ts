/**
 * node-amqp (npm `amqp` 0.2.7): `amqp.createConnection({ url })`, `connection.on('ready')`,
 * `connection.queue(name, options, openCallback)`. Its queue defaults are durable false and
 * autoDelete TRUE (lib/queue.js); the broker's close (406 or 541) is the connection's 'error' event,
 * an Error whose message is the reply text and whose `code` is the reply code.
 */
import type { Reply } from './harness';
import { literal, optionsText, type QueueSpec } from './render';

/**
 * A CommonJS module `(url, watch, done)` that declares the queue with node-amqp, options as written
 * (`options` is the object's source text). reconnect: false, so that a broker close ends the run.
 */
export function nodeAmqpModule(name: string, options: string): string {
  return `'use strict';
const amqp = require('amqp');

module.exports = function declare(url, watch, done) {
  const connection = amqp.createConnection({ url }, { reconnect: false });
  watch(connection);
  connection.on('error', (err) => done(err));
  connection.on('ready', () => {
    connection.queue(${literal(name)}, ${options}, (q) => done(null, { queue: q.name }));
  });
};
`;
}

/**
 * The matrix's cases make their flags explicit; one the spec leaves out is written as the other
 * libraries' default (autoDelete false), so that each case is about one refusal and not also about
 * node-amqp's autoDelete default (test/broker/redeclare.test.ts has the case that is).
 */
export const nodeAmqpSpecModule = (name: string, spec: QueueSpec) => nodeAmqpModule(name, optionsText({ autoDelete: false, ...spec }));

/** The reply in a node-amqp connection error: `code` 406 or 541, the message the reply's text. */
export function nodeAmqpReply(e: unknown): Reply | undefined {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'number' && code >= 300 && typeof message === 'string' ? { code, text: message } : undefined;
}
