/**
 * client-frame-max against the real broker: what RabbitMQ 4.3 does with a client that offers
 * frame_max 4096 (amqplib before 0.10.6, rabbitmq-client before 5.0.3, an explicit frameMax), and
 * that the codemod's rewrite of the option makes the same module connect.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BROKER_REQUIRED, brokerAvailable, OP_TIMEOUT, strictUrl } from './broker-env';
import { codemod, replyOf, Sandbox, withTimeout } from './harness';
import { clientFrameMax, MIN_FRAME_MAX } from '../../src/rules/client-frame-max';

/** `?frameMax=` appended to the broker's URL (the URL may carry a query already). */
const withFrameMax = (url: string, frameMax: string) => `${url}${url.includes('?') ? '&' : '?'}frameMax=${frameMax}`;

/** A module that connects with the given URL, as a user would write it. */
const connectModule = (url: string) => `const amqp = require('amqplib');
module.exports = () => amqp.connect('${url}');
`;

type Outcome = { connected: true } | { connected: false; message: string };

async function outcomeOf(connect: () => Promise<{ close(): Promise<void> }>): Promise<Outcome> {
  try {
    const conn = await withTimeout(connect(), OP_TIMEOUT, 'connecting');
    await withTimeout(conn.close(), OP_TIMEOUT, 'closing');
    return { connected: true };
  } catch (e) {
    return { connected: false, message: (e as Error).message };
  }
}

/** The broker log of the strict node, when this machine provisioned it (scripts/rabbitmq4.sh). */
const LOG = path.join(process.env.RABBITMQ4_CACHE_DIR || '/var/cache/rabbitmq4-codemod', 'forky/var/log/rabbitmq/strict/rabbit@localhost.log');
const logReadable = (() => {
  try {
    fs.accessSync(LOG, fs.constants.R_OK);
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(BROKER_REQUIRED || brokerAvailable())('client-frame-max on RabbitMQ 4.3', () => {
  const sandbox = new Sandbox('rmq4-frame-max-');
  afterAll(() => sandbox.remove());

  it('refuses frameMax 4096 without a reply (the socket is reset during the handshake), and the rewrite to 8192 connects', async () => {
    const url = strictUrl();
    const before = connectModule(withFrameMax(url, '4096'));
    const { findings, output } = codemod(before, 'connect.js');
    expect(findings.map((f) => [f.ruleId, f.severity, f.fix.kind])).toEqual([['client-frame-max', 'error', 'rewrite']]);
    expect(output).toBe(connectModule(withFrameMax(url, String(MIN_FRAME_MAX))));

    const refused = await outcomeOf(sandbox.load<() => Promise<{ close(): Promise<void> }>>(before));
    expect(refused.connected).toBe(false);
    const message = refused.connected ? '' : refused.message;
    // No connection.close from the broker: amqplib sees the socket go, not a reply code.
    expect(replyOf(message), message).toBeUndefined();
    expect(message).toMatch(/ECONNRESET|Socket closed abruptly|socket hang up/);
    expect(findings[0].brokerError).toBe(clientFrameMax.meta.brokerError);
    expect(findings[0].brokerError).toMatch(/^no reply: the broker closes the socket during the connection handshake \(the client sees ECONNRESET\)/);

    expect(await outcomeOf(sandbox.load(output))).toEqual({ connected: true });
  });

  it('takes the URL parameter as parseInt does (0x1000 is 4096), and the minimum is exactly 8192', async () => {
    const url = strictUrl();
    const amqp = await import('amqplib');
    const at = async (frameMax: string) => (await outcomeOf(() => amqp.connect(withFrameMax(url, frameMax)))).connected;
    expect(await at('0x1000')).toBe(false);
    expect(await at(String(MIN_FRAME_MAX - 1))).toBe(false);
    expect(await at(String(MIN_FRAME_MAX))).toBe(true);
    // 0: the client sets no limit of its own, so the broker's 131072 applies.
    expect(await at('0')).toBe(true);
  });

  it.runIf(logReadable)('logs the reason the rule quotes (read from the provisioned node\'s log)', async () => {
    const url = strictUrl();
    const amqp = await import('amqplib');
    const sizeBefore = fs.statSync(LOG).size;
    await outcomeOf(() => amqp.connect(withFrameMax(url, '4096')));
    const expected = 'failed to negotiate connection parameters: negotiated frame_max = 4096 is lower than the minimum allowed value (8192)';
    expect(clientFrameMax.meta.brokerError).toContain(`logs "${expected}"`);
    // The broker writes its log asynchronously: read until the line appears (bounded by the operation timeout).
    let appended = '';
    for (let i = 0; i < OP_TIMEOUT / 100 && !appended.includes(expected); i++) {
      await new Promise((r) => setTimeout(r, 100));
      const fd = fs.openSync(LOG, 'r');
      const size = fs.fstatSync(fd).size;
      const buf = Buffer.alloc(Math.max(0, size - sizeBefore));
      fs.readSync(fd, buf, 0, buf.length, sizeBefore);
      fs.closeSync(fd);
      appended = buf.toString('utf8');
    }
    expect(appended).toContain(expected);
  });
});
