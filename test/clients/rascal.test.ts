import { describe, expect, it } from 'vitest';
import { cli, project, read, marker } from '../helpers';
import { fixAndRecheck, scan, summary } from './end-to-end';

const CONFIG = `{
  "vhosts": {
    "shop": {
      "connection": { "url": "amqp://localhost:5672/shop" },
      "exchanges": ["orders"],
      "queues": {
        "orders.created": {
          "options": {
            "durable": false,
            "arguments": { "x-message-ttl": 60000 }
          }
        },
        "orders.priority": {
          "options": {
            "arguments": { "x-queue-type": "quorum", "x-max-priority": 10, "x-delivery-limit": 5 }
          }
        },
        "orders.archive": {}
      },
      "bindings": ["orders[created] -> orders.created", "orders[#] -> orders.archive"]
    }
  },
  "subscriptions": {
    "created": { "vhost": "shop", "queue": "orders.created", "channelPrefetch": 20 },
    "archive": { "vhost": "shop", "queue": "orders.archive" }
  }
}
`;

const BROKER = `const { BrokerAsPromised, withDefaultConfig } = require('rascal');
const config = require('../config/rascal.json');

async function start() {
  const broker = await BrokerAsPromised.create(withDefaultConfig(config));
  const subscription = await broker.subscribe('created');
  subscription.on('message', (message, content, ackOrNack) => {
    console.log(content);
    ackOrNack();
  });
  return broker;
}

module.exports = { start };
`;

const TEST_BROKER = `const { BrokerAsPromised, withTestConfig } = require('rascal');

const config = {
  vhosts: {
    '/': {
      queues: ['orders.created', { name: 'orders.replies', options: { exclusive: true } }],
    },
  },
};

module.exports = () => BrokerAsPromised.create(withTestConfig(config));
`;

/** JSON that is not rascal configuration, or not the project's: never parsed, never touched. */
const BYSTANDERS = {
  'package.json': `{\n  "name": "shop",\n  "dependencies": { "rascal": "^21.0.1" },\n  "config": { "vhosts": { "/": { "queues": { "legacy": { "options": { "durable": false } } } } } }\n}\n`,
  'tsconfig.json': `{ "compilerOptions": { "strict": true } }\n`,
  'package-lock.json': `{ "name": "shop", "lockfileVersion": 3, "packages": { "": { "vhosts": {}, "queues": [] } } }\n`,
  'node_modules/rascal/config.json': `{ "vhosts": { "/": { "queues": { "q": { "options": { "durable": false } } } } } }\n`,
  'data/seed.json': `{ "vhosts": ["shop"], "queues": 3 }\n`,
};

const FILES = { 'config/rascal.json': CONFIG, 'src/broker.js': BROKER, 'test/support/broker.js': TEST_BROKER, ...BYSTANDERS };

describe('rascal, end to end', () => {
  it('finds the refused queues and the channel-wide prefetch in a JSON config and under withTestConfig', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(summary(report.findings)).toEqual([
      ['transient-nonexclusive-queue', 'error', 'config/rascal.json', 9, 'orders.created', 'rewrite'],
      ['queue-argument-not-supported', 'error', 'config/rascal.json', 15, 'orders.priority', 'rewrite'],
      ['global-qos', 'warning', 'config/rascal.json', 24, null, 'rewrite'],
      ['transient-nonexclusive-queue', 'error', 'test/support/broker.js', 6, 'orders.created', 'rewrite'],
    ]);
    expect(report.findings.every((f: { client: string }) => f.client === 'rascal')).toBe(true);
    expect(report.findings[3].message).toContain("durable defaults to false in rascal's withTestConfig");
    // Subscriptions: manual ack and rascal's prefetch of 10 unless the config says otherwise.
    expect(report.consumers.map((c: { line: number; queue: string; ack: string; prefetch: number }) => [c.line, c.queue, c.ack, c.prefetch])).toEqual([
      [24, 'orders.created', 'manual', 10],
      [25, 'orders.archive', 'manual', 10],
    ]);
    // Only the rascal config among the JSON files is read as a source file. package.json and
    // package-lock.json are found as dependency manifests, but name no AMQP client, so neither is parsed.
    expect(report.summary).toMatchObject({ files: 5, parsed: 3, parseErrors: 0 });
  });

  it('fix --write edits the JSON config byte for byte and sets durable in the test config; nothing else changes', () => {
    const fixedConfig = CONFIG.replace('"durable": false,', '"durable": true,')
      .replace('"x-max-priority": 10, ', '')
      .replace('"channelPrefetch": 20', '"prefetch": 20');
    fixAndRecheck(FILES, {
      'config/rascal.json': fixedConfig,
      'test/support/broker.js': TEST_BROKER.replace("queues: ['orders.created',", "queues: [{ name: 'orders.created', options: { durable: true } },"),
    });
    expect(() => JSON.parse(fixedConfig)).not.toThrow();
  });

  it('a config from another file made non-durable by withTestConfig is annotated where it is used, and the config is left alone', () => {
    const test = `const { BrokerAsPromised, withTestConfig } = require('rascal');
const config = require('../config/rascal.json');

let broker;
beforeEach(async () => {
  broker = await BrokerAsPromised.create(withTestConfig(config));
});
`;
    const files = { 'config/rascal.json': CONFIG.replace('"durable": false,', '"durable": true,').replace('"x-max-priority": 10, ', ''), 'test/orders.test.js': test };
    const { findings } = scan(project(files));
    // orders.created says durable itself; the quorum queue is refused too once withTestConfig makes it non-durable.
    expect(summary(findings)).toEqual([
      ['global-qos', 'warning', 'config/rascal.json', 24, null, 'rewrite'],
      ['quorum-queue-invalid-property', 'error', 'test/orders.test.js', 6, 'orders.priority', 'annotate'],
      ['transient-nonexclusive-queue', 'error', 'test/orders.test.js', 6, 'orders.archive', 'annotate'],
    ]);
    const why = "(not rewritten: the queues are configured in config/rascal.json: set options.durable to true on each of them there; production is unchanged, durable is rascal's default)";
    expect(findings[1].fix.description).toContain(why);
    const markers =
      marker('  ', 'quorum-queue-invalid-property', `set options: { durable: true } on the queue: rascal's test defaults (withTestConfig, testConfig) make every queue non-durable unless its options say durable ${why}`) +
      marker('  ', 'transient-nonexclusive-queue', `set options: { durable: true } on the queue: rascal's test defaults (withTestConfig, testConfig) make every queue non-durable unless its options say durable ${why}`);
    fixAndRecheck(
      files,
      {
        'config/rascal.json': files['config/rascal.json'].replace('"channelPrefetch": 20', '"prefetch": 20'),
        'test/orders.test.js': test.replace('  broker = await', `${markers}  broker = await`),
      },
      [
        ['quorum-queue-invalid-property', 'test/orders.test.js', 16],
        ['transient-nonexclusive-queue', 'test/orders.test.js', 16],
      ],
    );
  });

  it('lists a JSON config that does not parse, and leaves it untouched', () => {
    const broken = CONFIG.replace('"orders.archive": {}', '"orders.archive": {},');
    const dir = project({ 'config/rascal.json': broken });
    const report = JSON.parse(cli(dir, 'scan', '--format', 'json', '--fail-on', 'never').stdout);
    expect(report.summary).toMatchObject({ files: 1, parsed: 0, parseErrors: 1 });
    expect(cli(dir, 'fix', '--write', '--allow-dirty').code).toBe(0);
    expect(read(dir, 'config/rascal.json')).toBe(broken);
  });
});
