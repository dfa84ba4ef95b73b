/**
 * An options argument that is not an object (`assertQueue(q, durable = false)`, a helper's `isDurable = false`
 * passed as the options), against the real 4.3 broker: amqplib reads `options || {}` (lib/api_args.js), so the
 * queue is declared with amqplib's defaults, durable. The codemod reads it the same way: nothing to report.
 */
import * as amqp from 'amqplib';
import { afterAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, queueName, replyOf, Sandbox, withTimeout } from './harness';

/** A program as it was found: Python's keyword argument written in JavaScript, and a helper's boolean default. */
const PROGRAM = (logs: string, audit: string) => `'use strict';
const amqp = require('amqplib');
let durable;

async function declare(ch, name, isDurable = false) {
  await ch.assertQueue(name, isDurable);
}

module.exports = async function main(url) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.assertQueue('${logs}', durable = false);
  await declare(ch, '${audit}');
  return conn;
};
`;

/** The broker's answer to a redeclaration of the queue with `durable: false`: it names the flag the queue has. */
async function redeclareTransient(conn: amqp.ChannelModel, queue: string): Promise<string> {
  const ch = await conn.createChannel();
  ch.on('error', () => undefined);
  try {
    await ch.assertQueue(queue, { durable: false });
    await ch.close();
    return 'accepted';
  } catch (e) {
    const reply = replyOf((e as Error).message);
    return reply ? `${reply.code} ${reply.text}` : (e as Error).message;
  }
}

describe.skipIf(!brokerAvailable())(`a non-object options argument, on the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const sandbox = new Sandbox('rmq4-non-object-options-');
  const queues: string[] = [];
  afterAll(async () => {
    await deleteQueues(strictUrl(), queues);
    sandbox.remove();
  });

  it('assertQueue(q, false) declares a durable queue, and the codemod reports nothing', async () => {
    const logs = queueName('non-object-logs');
    const audit = queueName('non-object-audit');
    queues.push(logs, audit);
    const source = PROGRAM(logs, audit);
    expect(codemod(source, 'main.js').findings.map((f) => f.ruleId)).toEqual([]);

    const conn = await withTimeout(sandbox.load<(url: string) => Promise<amqp.ChannelModel>>(source, 'main')(strictUrl()), OP_TIMEOUT, 'the program');
    conn.on('error', () => undefined);
    try {
      for (const queue of [logs, audit]) {
        expect(await redeclareTransient(conn, queue)).toBe(`406 PRECONDITION_FAILED - inequivalent arg 'durable' for queue '${queue}' in vhost '/': received 'false' but current is 'true'`);
      }
    } finally {
      await conn.close().catch(() => undefined);
    }
  });
});
