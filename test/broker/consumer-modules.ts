/**
 * Consumer modules, one writer per library: each declares the queue and consumes it with the
 * library's real API, the way the fixtures in test-fixtures/global-qos and
 * test-fixtures/stream-consumer-requirements write it, and resolves once the broker confirmed the
 * consumer (a refused consume rejects). Module contract: `(url, watch) => Promise<{ queue }>`.
 */
import { argsText, flagEntries, literal, objectText, optionsText, type ConsumeSpec, type QueueSpec } from './render';

const indent = (lines: string[]) => lines.map((l) => `  ${l}`).join('\n');

/** The statements on an amqplib channel (amqplib, and amqp-connection-manager's setup function). */
function amqplibStatements(q: string, queue: QueueSpec, c: ConsumeSpec): string[] {
  const consumeOptions = c.noAck === undefined ? '' : `, { noAck: ${c.noAck} }`;
  const handler = c.noAck ? '(msg) => console.log(msg)' : '(msg) => { if (msg) channel.ack(msg); }';
  return [
    `await channel.assertQueue(${q}, ${optionsText(queue)});`,
    ...(c.prefetch === undefined ? [] : [`await channel.prefetch(${c.prefetch}${c.global ? ', true' : ''});`]),
    `await channel.consume(${q}, ${handler}${consumeOptions});`,
  ];
}

function amqplib(name: string, queue: QueueSpec, c: ConsumeSpec): string {
  const q = literal(name);
  return `'use strict';
const amqp = require('amqplib');

module.exports = async function consume(url, watch) {
  const connection = await amqp.connect(url);
  watch(connection);
  const channel = await connection.createChannel();
${indent(amqplibStatements(q, queue, c))}
  return { queue: ${q} };
};
`;
}

function acmSetup(name: string, queue: QueueSpec, c: ConsumeSpec): string {
  const q = literal(name);
  return `'use strict';
const amqp = require('amqp-connection-manager');

module.exports = function start(url, watch) {
  const connection = amqp.connect([url]);
  watch(connection);
  return connection.createChannel({
    setup: async (channel) => {
${amqplibStatements(q, queue, c).map((l) => `      ${l}`).join('\n')}
    },
  });
};
`;
}

function rabbitmqClient(name: string, queue: QueueSpec, c: ConsumeSpec): string {
  const q = literal(name);
  const qos = c.prefetch === undefined ? [] : [`await channel.basicQos(${objectText([['prefetchCount', String(c.prefetch)], ...(c.global ? [['global', 'true'] as [string, string]] : [])])});`];
  const handler = c.noAck ? '(msg) => console.log(msg.body)' : '(msg) => channel.basicAck({ deliveryTag: msg.deliveryTag })';
  return `'use strict';
const { Connection } = require('rabbitmq-client');

module.exports = async function consume(url, watch) {
  const rabbit = new Connection(url);
  watch(rabbit);
  const channel = await rabbit.acquire();
${indent([
  `await channel.queueDeclare(${objectText([['queue', q], ...flagEntries(queue), ...(queue.arguments ? [['arguments', argsText(queue.arguments)] as [string, string]] : [])])});`,
  ...qos,
  `await channel.basicConsume(${objectText([['queue', q], ...(c.noAck === undefined ? [] : [['noAck', String(c.noAck)] as [string, string]])])}, ${handler});`,
])}
  return { queue: ${q} };
};
`;
}

function cloudamqpChannel(name: string, queue: QueueSpec, c: ConsumeSpec): string {
  const q = literal(name);
  const qos = c.prefetch === undefined ? [] : [c.global ? `await channel.basicQos(${c.prefetch}, 0, true);` : `await channel.prefetch(${c.prefetch});`];
  const handler = c.noAck === false ? 'async (msg) => { await msg.ack(); }' : '(msg) => console.log(msg.bodyString())';
  return `'use strict';
const { AMQPClient } = require('@cloudamqp/amqp-client');

module.exports = async function consume(url, watch) {
  const connection = await new AMQPClient(url).connect();
  watch(connection);
  const channel = await connection.channel();
${indent([
  `await channel.queueDeclare(${[q, objectText(flagEntries(queue)), ...(queue.arguments ? [argsText(queue.arguments)] : [])].join(', ')});`,
  ...qos,
  `await channel.basicConsume(${q}, ${c.noAck === undefined ? '{}' : `{ noAck: ${c.noAck} }`}, ${handler});`,
])}
  return { queue: ${q} };
};
`;
}

/** AMQPSession subscriptions set a per-consumer prefetch only: a global one cannot be written. */
function cloudamqpSession(name: string, queue: QueueSpec, c: ConsumeSpec): string | undefined {
  if (c.global) return undefined;
  const q = literal(name);
  const params = objectText([...(c.noAck === undefined ? [] : [['noAck', String(c.noAck)] as [string, string]]), ...(c.prefetch === undefined ? [] : [['prefetch', String(c.prefetch)] as [string, string]])]);
  return `'use strict';
const { AMQPSession } = require('@cloudamqp/amqp-client');

module.exports = async function consume(url, watch) {
  const session = await AMQPSession.connect(url);
  watch(session);
  const queue = await session.queue(${q}, ${optionsText(queue)});
  await queue.subscribe(${params}, (msg) => console.log(msg.bodyString()));
  return { queue: ${q} };
};
`;
}

/**
 * rascal: the queue (and, to consume it, a subscription) in the config. A global prefetch is
 * `channelPrefetch`; rascal's own prefetch defaults to 10. Without `c`, the module only declares.
 */
export function rascalModule(name: string, queue: QueueSpec, c?: ConsumeSpec): string {
  const q = literal(name);
  const prefetch: [string, string][] = c?.global ? [['prefetch', '0'], ['channelPrefetch', String(c.prefetch)]] : [['prefetch', String(c?.prefetch ?? 0)]];
  const subscription = c && objectText([['queue', q], ...prefetch, ...(c.noAck === undefined ? [] : [['options', `{ noAck: ${c.noAck} }`] as [string, string]])]);
  const subscriptions = subscription ? `\n        subscriptions: {\n          work: ${subscription},\n        },` : '';
  const consume = c
    ? `
  const subscription = await broker.subscribe('work');
  await new Promise((resolve, reject) => {
    subscription.on('error', reject);
    subscription.on('subscribed', resolve);
    subscription.on('message', (message, content, ackOrNack) => ackOrNack());
  });`
    : '';
  return `'use strict';
const { BrokerAsPromised: Broker } = require('rascal');

module.exports = async function ${c ? 'consume' : 'declare'}(url, watch) {
  const config = {
    vhosts: {
      '/': {
        connection: { url },
        queues: {
          ${q}: { options: ${optionsText(queue)} },
        },${subscriptions}
      },
    },
  };
  const broker = await Broker.create(config);
  watch(broker);${consume}
  return { queue: ${q} };
};
`;
}

export const consumerModules = { amqplib, acmSetup, rabbitmqClient, cloudamqpChannel, cloudamqpSession, rascal: rascalModule };
