import { describe, expect, it } from 'vitest';
import { cli, project, marker } from '../helpers';
import { fixForReal, rows, scanJson } from './rabbitmq-client-cloudamqp-e2e';

const CHANNELS = `import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string) {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('jobs', { durable: false });
  await ch.queueDeclare('payments', {}, { 'x-queue-type': 'quorum', 'x-max-priority': 10, 'x-delivery-limit': 5 });
  const { name } = await ch.queueDeclare('', {}, { 'x-queue-type': 'quorum' });
  await ch.queueDeclare('replies');
  await ch.basicQos(20, 0, true);
  await ch.basicConsume('jobs', {}, (msg) => {
    console.log(msg.bodyString());
  });
  return name;
}
`;

const SESSION = `import { AMQPSession } from '@cloudamqp/amqp-client';

export async function start(url: string) {
  const session = await AMQPSession.connect(url);
  const presence = await session.queue('presence', { durable: false, arguments: { 'x-message-ttl': 5000 } });
  const audit = await session.queue('audit', { autoDelete: true, arguments: { 'x-queue-type': 'stream' } });
  await presence.subscribe({ prefetch: 50 }, async (msg) => {
    console.log(msg.bodyString());
  });
  await audit.subscribe({ prefetch: 100 }, async (msg) => {
    console.log(msg.bodyString());
  });
}
`;

const UTIL = `export const sum = (a: number, b: number) => a + b;\n`;

const FILES = { 'src/channels.ts': CHANNELS, 'src/session.ts': SESSION, 'src/util.ts': UTIL };

describe('@cloudamqp/amqp-client, end to end', () => {
  it('finds every refused declaration with its name-dependent defaults, and the auto-ack consumer', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const { findings, consumers } = scanJson(dir);
    expect(rows(findings)).toEqual([
      ['transient-nonexclusive-queue', 'error', 'src/channels.ts', 6, 'jobs', 'rewrite'],
      ['queue-argument-not-supported', 'error', 'src/channels.ts', 7, 'payments', 'rewrite'],
      ['quorum-queue-invalid-property', 'error', 'src/channels.ts', 8, '', 'rewrite'],
      ['global-qos', 'warning', 'src/channels.ts', 10, null, 'rewrite'],
      ['auto-ack-consumer', 'warning', 'src/channels.ts', 11, 'jobs', 'annotate'],
      ['ineffective-prefetch', 'info', 'src/channels.ts', 11, 'jobs', 'none'],
      ['transient-nonexclusive-queue', 'error', 'src/session.ts', 5, 'presence', 'rewrite'],
      ['stream-queue-invalid-property', 'error', 'src/session.ts', 6, 'audit', 'rewrite'],
    ]);
    expect(findings.every((f) => f.client === '@cloudamqp/amqp-client')).toBe(true);
    // A server-named queue is exclusive and auto-delete by default: refused as a quorum queue.
    expect(findings[2].message).toContain('server-named (empty name), auto-delete, exclusive, non-durable');
    expect(findings[4].message).toContain("@cloudamqp/amqp-client's noAck defaults to true");
    expect(consumers.map((c) => [c.file, c.line, c.queue, c.ack, c.prefetch, c.verdict])).toEqual([
      ['src/channels.ts', 11, 'jobs', 'auto', 20, 'unsafe'],
      ['src/session.ts', 7, 'presence', 'manual', 50, 'safe'],
      ['src/session.ts', 10, 'audit', 'manual', 100, 'safe'],
    ]);
  });

  it('fix --write rewrites the positional params and x-arguments and the session options, and nothing else', () => {
    fixForReal(FILES, {
      'src/channels.ts': CHANNELS.replace("queueDeclare('jobs', { durable: false })", "queueDeclare('jobs', { durable: true })")
        .replace("'x-max-priority': 10, ", '')
        .replace("queueDeclare('', {}, { 'x-queue-type': 'quorum' })", "queueDeclare('', {})")
        .replace('basicQos(20, 0, true)', 'basicQos(20, 0)')
        .replace(
          "  await ch.basicConsume('jobs'",
          marker('  ', 'auto-ack-consumer', "pass { noAck: false } (@cloudamqp/amqp-client defaults noAck to true here), call msg.ack() after the handler's work, and call ch.prefetch(10) on the channel before consuming") +
            "  await ch.basicConsume('jobs'",
        ),
      'src/session.ts': SESSION.replace("{ durable: false, arguments: { 'x-message-ttl': 5000 } }", "{ durable: true, arguments: { 'x-message-ttl': 5000 } }").replace(
        "{ autoDelete: true, arguments: { 'x-queue-type': 'stream' } }",
        "{ autoDelete: false, arguments: { 'x-queue-type': 'stream' } }",
      ),
    });
  });
});
