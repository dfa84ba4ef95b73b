/**
 * The x-stream-offset forms RabbitMQ 4.3 accepts (rabbit_stream_queue:parse_offset_arg and check_max_age), per
 * client, against the real broker: each module consumes a stream with one offset, written as the client's users
 * write it, and reports what the broker did. The codemod reads the same text: it reports exactly the offsets the
 * broker refuses, with the broker's reply. 'first', 'last', 'next', integers, intervals ('7D', '1h') and timestamps
 * are accepted; other strings are refused with 406; a float, a boolean or a table (amqplib's and rabbitmq-client's
 * Date) closes the connection with 541; any offset on a classic queue is refused with 406.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { brokerAvailable, OP_TIMEOUT, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, queueName, Sandbox, withTimeout } from './harness';

type Client = 'amqplib' | 'rabbitmq-client' | '@cloudamqp/amqp-client';

interface OffsetCase {
  client: Client;
  /** The offset as the code writes it. */
  offset: string;
  /** What the broker answers: 'accepted', or the start of its reply. */
  broker: string;
  /** The queue type the module declares (default: stream). */
  type?: 'stream' | 'classic';
}

const REFUSED_STRING = (q: string, value: string) => `406 PRECONDITION_FAILED - invalid arg 'x-stream-offset' for queue '${q}' in vhost '/': {invalid_stream_offset_arg,{longstr,<<"${value}">>}}`;

const CASES: OffsetCase[] = [
  { client: 'amqplib', offset: "'first'", broker: 'accepted' },
  { client: 'amqplib', offset: "'7D'", broker: 'accepted' },
  { client: 'amqplib', offset: '5', broker: 'accepted' },
  { client: 'amqplib', offset: "{ '!': 'timestamp', value: 1691492165 }", broker: 'accepted' },
  { client: 'amqplib', offset: "'1691492165'", broker: '406' },
  { client: 'amqplib', offset: "'FIRST'", broker: '406' },
  { client: 'amqplib', offset: "'0s'", broker: '406' },
  { client: 'amqplib', offset: 'new Date(Date.now() - 60000)', broker: '541' },
  { client: 'amqplib', offset: '1.5', broker: '541' },
  { client: 'amqplib', offset: "'first'", broker: '406', type: 'classic' },
  { client: 'rabbitmq-client', offset: "'last'", broker: 'accepted' },
  { client: 'rabbitmq-client', offset: "'1h'", broker: 'accepted' },
  { client: 'rabbitmq-client', offset: '42', broker: 'accepted' },
  { client: 'rabbitmq-client', offset: "'1691492165'", broker: '406' },
  { client: 'rabbitmq-client', offset: 'new Date(Date.now() - 60000)', broker: '541' },
  { client: 'rabbitmq-client', offset: '2.5', broker: '541' },
  { client: '@cloudamqp/amqp-client', offset: "'next'", broker: 'accepted' },
  { client: '@cloudamqp/amqp-client', offset: 'new Date(Date.now() - 60000)', broker: 'accepted' },
  { client: '@cloudamqp/amqp-client', offset: '3', broker: 'accepted' },
  { client: '@cloudamqp/amqp-client', offset: "'1691492165'", broker: '406' },
  { client: '@cloudamqp/amqp-client', offset: '0.5', broker: '541' },
  { client: '@cloudamqp/amqp-client', offset: 'true', broker: '541' },
];

/** A module that declares the queue, sets a prefetch and consumes with the offset; it resolves to the broker's answer. */
function moduleFor(c: OffsetCase, q: string): string {
  const args = c.type === 'classic' ? '{}' : "{ 'x-queue-type': 'stream' }";
  switch (c.client) {
    case 'amqplib':
      return `'use strict';
const amqp = require('amqplib');

module.exports = async function consume(url) {
  const connection = await amqp.connect(url);
  const closed = new Promise((resolve) => connection.on('error', (err) => resolve(err.message)));
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  await channel.assertQueue('${q}', { durable: true, arguments: ${args} });
  await channel.prefetch(10);
  const started = channel.consume('${q}', (msg) => msg && channel.ack(msg), { noAck: false, arguments: { 'x-stream-offset': ${c.offset} } });
  return { connection, answer: Promise.race([started.then(() => 'accepted', (err) => err.message), closed]) };
};
`;
    case 'rabbitmq-client':
      return `'use strict';
const { Connection } = require('rabbitmq-client');

module.exports = async function consume(url) {
  const connection = new Connection(url);
  const closed = new Promise((resolve) => connection.on('error', (err) => resolve('541 ' + err.message)));
  const channel = await connection.acquire();
  await channel.queueDeclare({ queue: '${q}', durable: true, arguments: ${args} });
  await channel.basicQos({ prefetchCount: 10 });
  const started = channel.basicConsume({ queue: '${q}', arguments: { 'x-stream-offset': ${c.offset} } }, (msg) => channel.basicAck({ deliveryTag: msg.deliveryTag }));
  return { connection: { close: () => Promise.race([channel.close().then(() => connection.close()), new Promise((r) => setTimeout(r, 1000))]) }, answer: Promise.race([started.then(() => 'accepted', (err) => err.message), closed]) };
};
`;
    case '@cloudamqp/amqp-client':
      return `'use strict';
const { AMQPClient } = require('@cloudamqp/amqp-client');

module.exports = async function consume(url) {
  const connection = await new AMQPClient(url).connect();
  const channel = await connection.channel();
  await channel.queueDeclare('${q}', { durable: true }, ${args});
  await channel.prefetch(10);
  const started = channel.basicConsume('${q}', { noAck: false, args: { 'x-stream-offset': ${c.offset} } }, (msg) => msg.ack());
  return { connection, answer: started.then(() => 'accepted', (err) => err.message) };
};
`;
  }
}

/** The broker's answer as the code and the text: 'accepted', '406 PRECONDITION_FAILED - ...', '541 INTERNAL_ERROR'. */
function normalize(answer: string): string {
  if (answer === 'accepted') return answer;
  if (/INTERNAL_ERROR/.test(answer)) return '541 INTERNAL_ERROR';
  // amqplib quotes the text ('... with message "PRECONDITION_FAILED - ..."'), @cloudamqp/amqp-client appends ' (406)'.
  const at = answer.indexOf('PRECONDITION_FAILED - ');
  return at < 0 ? answer : `406 ${answer.slice(at).replace(/ \(406\)$/, '').replace(/"$/, '')}`;
}

describe.skipIf(!brokerAvailable())(`x-stream-offset forms, per client, on the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  const sandbox = new Sandbox('rmq4-stream-offset-');
  const queues: string[] = [];
  afterAll(async () => {
    await deleteQueues(strictUrl(), queues);
    sandbox.remove();
  });

  for (const [i, c] of CASES.entries()) {
    it(`${c.client}: x-stream-offset ${c.offset}${c.type === 'classic' ? ' on a classic queue' : ''} is ${c.broker === 'accepted' ? 'accepted' : `refused (${c.broker})`}, as the codemod says`, async () => {
      const q = queueName(`offset-${i}`);
      queues.push(q);
      const source = moduleFor(c, q);
      const started = await sandbox.load<(url: string) => Promise<{ connection: { close(): Promise<unknown> }; answer: Promise<string> }>>(source, 'consume')(strictUrl());
      let answer: string;
      try {
        answer = normalize(await withTimeout(started.answer, OP_TIMEOUT, 'the consume'));
      } finally {
        await started.connection.close().catch(() => undefined);
      }
      if (c.broker === 'accepted') expect(answer).toBe('accepted');
      else if (c.broker === '406' && c.type !== 'classic') expect(answer).toBe(REFUSED_STRING(q, c.offset.slice(1, -1)));
      else if (c.broker === '406') expect(answer).toBe(`406 PRECONDITION_FAILED - invalid arg 'x-stream-offset' for queue '${q}' in vhost '/' of queue type rabbit_classic_queue`);
      else expect(answer).toBe('541 INTERNAL_ERROR');

      const found = codemod(source, 'consume.js').findings.filter((f) => f.ruleId === 'stream-consumer-requirements');
      expect(found.map((f) => f.brokerError)).toEqual(answer === 'accepted' ? [] : [answer]);
    });
  }
});
