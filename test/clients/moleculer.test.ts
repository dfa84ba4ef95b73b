import { describe, expect, it } from 'vitest';
import { cli, project, marker } from '../helpers';
import { fixAndRecheck, scan, summary } from './end-to-end';

/** moleculer-runner's configuration: the AMQP transporter and the @moleculer/channels AMQP adapter. */
const RUNNER_CONFIG = `"use strict";

const ChannelsMiddleware = require("@moleculer/channels").Middleware;

module.exports = {
  namespace: "shop",
  nodeID: null,
  transporter: {
    type: "AMQP",
    options: {
      url: process.env.AMQP_URL || "amqp://localhost:5672",
      eventTimeToLive: 5000,
      queueOptions: {
        durable: false
      }
    }
  },
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: "AMQP",
        options: {
          amqp: {
            url: "amqp://localhost:5672",
            queueOptions: {
              arguments: { "x-queue-type": "quorum", "x-max-priority": 5, "x-delivery-limit": 10 }
            },
            consumerOptions: { noAck: true }
          },
          maxInFlight: 10
        }
      }
    })
  ]
};
`;

const WORKER = `import { ServiceBroker, type BrokerOptions } from 'moleculer';

const options: BrokerOptions = {
  nodeID: 'worker-1',
  transporter: {
    type: 'AMQP',
    options: { url: 'amqp://localhost:5672', prefetch: 0 },
  },
};

export const worker = new ServiceBroker(options);
export const gateway = new ServiceBroker({ nodeID: 'gateway', transporter: 'amqp://localhost:5672' });
`;

const FILES = { 'moleculer.config.js': RUNNER_CONFIG, 'src/worker.ts': WORKER };

describe('moleculer AMQP transporter and @moleculer/channels, end to end', () => {
  it('finds the transient transporter queues, the refused channel queue argument and the unsafe consumers', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const { findings, consumers } = JSON.parse(r.stdout) as ReturnType<typeof scan>;
    expect(summary(findings)).toEqual([
      ['transient-nonexclusive-queue', 'error', 'moleculer.config.js', 14, 'MOL.*', 'rewrite'],
      ['queue-argument-not-supported', 'error', 'moleculer.config.js', 26, '<group>.<channel>', 'rewrite'],
      ['auto-ack-consumer', 'warning', 'moleculer.config.js', 28, '<group>.<channel>', 'annotate'],
      ['ineffective-prefetch', 'info', 'moleculer.config.js', 28, '<group>.<channel>', 'none'],
      ['unbounded-prefetch', 'warning', 'src/worker.ts', 7, 'MOL.*', 'annotate'],
    ]);
    expect(findings.map((f) => f.client)).toEqual(['moleculer', '@moleculer/channels', '@moleculer/channels', '@moleculer/channels', 'moleculer']);
    // The transporter's prefetch defaults to 1 and a plain amqp:// URL is all defaults: nothing to report.
    expect(consumers.map((c) => [c.file, c.line, c.client, c.ack, c.prefetch, c.verdict])).toEqual([
      ['moleculer.config.js', 8, 'moleculer', 'manual', 1, 'safe'],
      ['moleculer.config.js', 28, '@moleculer/channels', 'auto', 10, 'unsafe'],
      ['src/worker.ts', 7, 'moleculer', 'manual', 0, 'unsafe'],
      ['src/worker.ts', 12, 'moleculer', 'manual', 1, 'safe'],
    ]);
  });

  it('fix --write removes the durable: false override and the refused argument; the consumers are annotated', () => {
    fixAndRecheck(FILES, {
      'moleculer.config.js': RUNNER_CONFIG.replace('eventTimeToLive: 5000,\n      queueOptions: {\n        durable: false\n      }\n', 'eventTimeToLive: 5000\n')
        .replace('"x-max-priority": 5, ', '')
        .replace(
          '            consumerOptions: { noAck: true }',
          marker('            ', 'auto-ack-consumer', 'leave noAck: true out of amqp.consumerOptions: the adapter acknowledges each message after its handler, with maxInFlight (1 by default) as the prefetch') + '            consumerOptions: { noAck: true }',
        ),
      'src/worker.ts': WORKER.replace(
        "    options: { url: 'amqp://localhost:5672', prefetch: 0 },",
        marker('    ', 'unbounded-prefetch', "set the transporter's prefetch option above 0 (moleculer's default is 1)") + "    options: { url: 'amqp://localhost:5672', prefetch: 0 },",
      ),
    });
  });

  it('--unsafe-fixes removes noAck: true: the adapter acknowledges after each handler', () => {
    const dir = project(FILES, { git: true });
    expect(cli(dir, 'fix', '--write', '--allow-dirty', '--unsafe-fixes').code).toBe(0);
    const { consumers } = scan(dir);
    expect(consumers.find((c) => c.client === '@moleculer/channels')).toMatchObject({ ack: 'manual', prefetch: 10, verdict: 'safe' });
  });
});
