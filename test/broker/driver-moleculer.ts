/**
 * moleculer 0.14 (its AMQP transporter) and @moleculer/channels 0.1 (its AMQP adapter) run for real:
 * a small module builds a ServiceBroker in exactly the shapes the codemod reads
 * (src/clients/moleculer.ts, moleculer-channels.ts), and the broker is started against RabbitMQ.
 * Neither library lets a failed queue assertion reach the caller: moleculer's transit logs the
 * closing channel's or connection's amqplib Error and reconnects (broker.start() never settles),
 * the channels adapter logs it. The driver hands the module a logger and reads the broker's reply
 * from the amqplib Errors logged.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { OP_TIMEOUT } from './broker-env';
import type { Outcome } from './drivers';
import { replyOf, ROOT, settle, type Reply, type Sandbox } from './harness';
import { literal } from './render';

/**
 * `new ServiceBroker({ transporter: { type: 'AMQP', options: { url, queueOptions } } })` with one
 * service; `options` are more transporter options, as written (`autoDeleteQueues: false, `).
 */
export function moleculerModule(namespace: string, queueOptions: string, options = ''): string {
  return `'use strict';
const { ServiceBroker } = require('moleculer');

module.exports = function create(url, logger) {
  const broker = new ServiceBroker({
    namespace: ${literal(namespace)},
    nodeID: 'node-1',
    logger,
    transit: { disableReconnect: true },
    transporter: {
      type: 'AMQP',
      options: {
        url,${options ? `
        ${options}` : ''}
        queueOptions: ${queueOptions},
      },
    },
  });
  broker.createService({ name: 'greeter', actions: { hello: () => 'hello' } });
  return broker;
};
`;
}

/**
 * `ChannelsMiddleware({ adapter: { type: 'AMQP', options: { amqp: { url, queueOptions } } } })`, one
 * channel consumed by a group; `options` are more `amqp` options, as written (`consumerOptions: {...},`).
 */
export function channelsModule(group: string, channel: string, queueOptions: string, options = ''): string {
  return `'use strict';
const { ServiceBroker } = require('moleculer');
const ChannelsMiddleware = require('@moleculer/channels').Middleware;

module.exports = function create(url, logger) {
  const broker = new ServiceBroker({
    logger,
    middlewares: [
      ChannelsMiddleware({
        adapter: {
          type: 'AMQP',
          options: {
            amqp: {
              url,
              queueOptions: ${queueOptions},${options ? `\n              ${options}` : ''}
            },
          },
        },
      }),
    ],
  });
  broker.createService({ name: 'worker', channels: { ${literal(channel)}: { group: ${literal(group)}, handler() {} } } });
  return broker;
};
`;
}

interface MoleculerBroker {
  start(): Promise<void>;
  stop(): Promise<void>;
}
type CreateModule = (url: string, logger: unknown) => MoleculerBroker;

const moleculerLib = () => createRequire(path.join(ROOT, 'package.json'))('moleculer') as { Loggers: { Base: new (opts?: object) => object } };

/** A moleculer logger that keeps the Errors logged at warn level and above, and says when one carries a broker reply. */
function capturingLogger() {
  const errors: Error[] = [];
  let onReply!: (r: Reply) => void;
  const replied = new Promise<Reply>((resolve) => (onReply = resolve));
  const { Base } = moleculerLib().Loggers;
  class Capture extends Base {
    getLogHandler() {
      return (type: string, args: unknown[]) => {
        if (type !== 'error' && type !== 'warn' && type !== 'fatal') return;
        for (const a of args) {
          if (!(a instanceof Error)) continue;
          errors.push(a);
          const reply = replyOf(a.message);
          if (reply) onReply(reply);
        }
      };
    }
  }
  return { logger: new Capture({ level: 'warn' }), errors, replied };
}

/**
 * Loads the module, starts its ServiceBroker against `url` and stops it again: accepted when
 * broker.start() resolves (every queue asserted), refused with the first broker reply logged.
 */
export async function startMoleculer(sandbox: Sandbox, source: string, url: string): Promise<Outcome> {
  const create = sandbox.load<CreateModule>(source);
  const { logger, errors, replied } = capturingLogger();
  const broker = create(url, logger);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), OP_TIMEOUT)));
  try {
    const first = await Promise.race([broker.start().then(() => 'started' as const, (e: unknown) => e), replied, timeout]);
    if (first === 'started') return { accepted: true };
    if (first === 'timeout') return { accepted: false, errors: ['broker.start() did not settle', ...errors.map((e) => e.message)] };
    const isReply = typeof first === 'object' && first !== null && 'code' in first && 'text' in first;
    return { accepted: false, reply: isReply ? (first as Reply) : undefined, errors: [...(isReply ? [] : [String(first)]), ...errors.map((e) => e.message)] };
  } finally {
    clearTimeout(timer);
    await settle(broker.stop(), 5000);
  }
}

/** The fanout exchanges the transporter asserts for a namespace (they outlive the broker). */
export const transporterExchanges = (namespace: string) => ['DISCONNECT', 'DISCOVER', 'HEARTBEAT', 'INFO', 'PING'].map((e) => `MOL-${namespace}.${e}`);
