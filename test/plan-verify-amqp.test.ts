/**
 * Issue 32: why plan --verify could not use an AMQP endpoint, without a broker: nothing listening is 'refused', a
 * server that accepts and never answers is 'timeout' (each one "not verified" with that reason, never a mismatch).
 */
import * as net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmqpError, AmqpSession } from '../src/broker/amqp';

describe('AMQP endpoint failures', () => {
  let silent: net.Server;
  let port = 0;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const failure = (url: string) => AmqpSession.open({ url: new URL(url), username: 'u', password: 'p', vhost: '/', timeoutMs: 300 }).then(() => undefined, (e: unknown) => e as AmqpError);

  it("a server that accepts the connection and never answers: 'timeout'", async () => {
    const e = await failure(`amqp://127.0.0.1:${port}`);
    expect(e).toBeInstanceOf(AmqpError);
    expect([e!.failure, e!.message]).toEqual(['timeout', 'no answer from the broker in 0.3 s']);
  });

  it("nothing listening: 'refused'", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const e = await failure(`amqp://127.0.0.1:${free}`);
    expect([e!.failure, e!.message]).toEqual(['refused', `cannot connect to amqp://127.0.0.1:${free}: ECONNREFUSED`]);
  });
});
