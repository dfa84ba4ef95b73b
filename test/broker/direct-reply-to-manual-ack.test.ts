/**
 * direct-reply-to-manual-ack against the strict RabbitMQ 4.3 broker (RABBITMQ_URL): a consumer of
 * amq.rabbitmq.reply-to with manual ack, written with amqplib and made by Nest's ClientRMQ with noAck: false.
 * The codemod reads exactly the module the broker runs: where it reports the rule, the broker refuses the consumer
 * with the finding's brokerError (and the rule's meta.brokerError); where it reports nothing, the broker accepts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleById } from '../../src/rules';
import { brokerAvailable, strictUrl, WHEN_STRICT } from './broker-env';
import { codemod, deleteQueues, expectedReply, queueName, Sandbox } from './harness';
import { execute, showOutcome, type DriverId, type Outcome } from './drivers';

const RULE = 'direct-reply-to-manual-ack';

interface ReplyCase {
  what: string;
  slug: string;
  driver: DriverId;
  source: (queue: string) => string;
  broker: 'refused' | 'accepted';
}

const amqplibModule = (options: string) => `'use strict';
const amqp = require('amqplib');

module.exports = async function run(url, watch) {
  const connection = await amqp.connect(url);
  watch(connection);
  const channel = await connection.createChannel();
  return channel.consume('amq.rabbitmq.reply-to', (msg) => {
    if (msg) console.log(msg.content.toString());
  }${options});
};
`;

const nestModule = (queue: string, noAck: string) => `'use strict';
const { ClientRMQ } = require('@nestjs/microservices');

module.exports = function client(url) {
  return new ClientRMQ({
    urls: [url],
    queue: '${queue}',${noAck}
  });
};
`;

const CASES: ReplyCase[] = [
  { what: "amqplib consume('amq.rabbitmq.reply-to', fn, { noAck: false })", slug: 'amqplib-false', driver: 'amqplib', source: () => amqplibModule(', { noAck: false }'), broker: 'refused' },
  { what: "amqplib consume('amq.rabbitmq.reply-to', fn) (amqplib's noAck defaults to false)", slug: 'amqplib-default', driver: 'amqplib', source: () => amqplibModule(''), broker: 'refused' },
  { what: "amqplib consume('amq.rabbitmq.reply-to', fn, { noAck: true })", slug: 'amqplib-true', driver: 'amqplib', source: () => amqplibModule(', { noAck: true }'), broker: 'accepted' },
  { what: 'new ClientRMQ({ queue, noAck: false }): its reply consumer on direct reply-to', slug: 'nest-false', driver: 'nestjs-client', source: (q) => nestModule(q, '\n    noAck: false,'), broker: 'refused' },
  { what: "new ClientRMQ({ queue }) with Nest's default noAck (true)", slug: 'nest-default', driver: 'nestjs-client', source: (q) => nestModule(q, ''), broker: 'accepted' },
];

describe.skipIf(!brokerAvailable())(`${RULE} against the strict RabbitMQ 4.3 broker ${WHEN_STRICT}`, () => {
  let sandbox: Sandbox;
  const created = new Set<string>();
  const outcomes = new Map<string, Outcome>();
  beforeAll(async () => {
    sandbox = new Sandbox('rmq4-reply-to-');
    for (const c of CASES) {
      const name = queueName(`drt-${c.slug}`);
      created.add(name);
      outcomes.set(c.slug, await execute(sandbox, c.driver, c.source(name), strictUrl()));
    }
  }, 120_000);
  afterAll(async () => {
    await deleteQueues(strictUrl(), created);
    sandbox?.remove();
  }, 60_000);

  for (const c of CASES) {
    describe(c.what, () => {
      const source = c.source(queueName(`drt-${c.slug}`));
      const found = () => codemod(source, `${c.slug}.js`).findings.filter((f) => f.ruleId === RULE);

      if (c.broker === 'refused') {
        it("is refused with exactly the finding's brokerError, which is the rule's meta.brokerError", () => {
          const findings = found();
          expect(findings.map((f) => f.severity), 'the codemod reports the rule as an error').toEqual(['error']);
          const outcome = outcomes.get(c.slug)!;
          expect(outcome.accepted ? undefined : outcome.reply, `the broker answered ${showOutcome(outcome)}`).toEqual(expectedReply(findings[0].brokerError!));
          expect(findings[0].brokerError).toBe(ruleById(RULE)!.meta.brokerError);
        });
      } else {
        it('is accepted, and the codemod reports nothing', () => {
          expect(showOutcome(outcomes.get(c.slug)!)).toMatch(/^accepted/);
          expect(found()).toEqual([]);
        });
      }
    });
  }
});
