// Every form of null check a handler writes: nothing to report, no guard added above any of them.
const amqp = require('amqplib');
const assert = require('node:assert');

async function start(url) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('strict', (msg) => {
    if (msg === null) return;
    handle(msg.content);
    ch.ack(msg);
  });
  await ch.consume('loose', (msg) => {
    if (msg == null) {
      console.warn('consumer cancelled');
      return;
    }
    ch.ack(msg);
  });
  await ch.consume('negated', async (msg) => {
    if (!msg) return;
    await handle(msg.content);
    ch.ack(msg);
  });
  await ch.consume('branches', (msg) => {
    if (msg) {
      handle(msg.content);
      ch.ack(msg);
    } else {
      console.warn('consumer cancelled by the broker');
    }
  });
  await ch.consume('optional', (msg) => {
    const body = msg?.content?.toString();
    if (body) handle(body);
    if (msg) ch.ack(msg);
  });
  await ch.consume('throws', (msg) => {
    if (msg === null) throw new Error('consumer cancelled by the broker');
    handle(msg.content);
    ch.ack(msg);
  });
  await ch.consume('exits', (msg) => {
    if (!msg) {
      console.error('consumer cancelled');
      process.exit(1);
    }
    handle(msg.content);
    ch.ack(msg);
  });
  await ch.consume('asserts', (msg) => {
    assert(msg, 'consumer cancelled');
    handle(msg.content);
    ch.ack(msg);
  });
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.consume('ternary', (msg) => (msg ? handle(msg.content) : undefined));
}

function handle(body) {
  return body;
}

module.exports = { start };
