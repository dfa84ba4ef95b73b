/**
 * The client-agnostic handler helper (src/clients/shared/handler-*.ts), through the amqplib client:
 * which uses of a consume callback's message count as unguarded, and which retry facts it reads.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/engine/analyze';
import type { HandlerFacts } from '../../src/model';

/** The handler facts of the one consumer in `body` (code inside an async function with a channel `ch`). */
function factsOf(body: string, extra = ''): HandlerFacts | undefined {
  const text = `import amqp from 'amqplib';\n${extra}\nexport async function start(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n${body}\n}\n`;
  const result = analyze([{ path: 'h.ts', text }], { target: '4.3', followImports: false }).files[0];
  const consumers = result.model?.consumers ?? [];
  expect(consumers).toHaveLength(1);
  return consumers[0].handlerFacts;
}

const unguarded = (body: string, extra = '') => factsOf(body, extra)?.unguardedUse?.what;

describe('handler facts: null message', () => {
  it.each([
    ['if (!msg) return;', true],
    ['if (msg === null) { log(); return; }', true],
    ['if (msg == null) return;', true],
    ['if (null === msg) return;', true],
    ['if (!msg || msg.fields.redelivered) return;', true],
    ['if (msg === undefined) return;', false],
    // Throwing, exiting or asserting is the author's choice of what a cancel does: a check.
    ['if (!msg) throw new Error("cancelled");', true],
    ['if (!msg) { log(); process.exit(1); }', true],
    ['assert(msg);', true],
    ['console.assert(msg);', false],
    ['if (!msg) { log(); }', false],
    ['', false],
  ])('a leading `%s` guards a later use: %s', (guard, ok) => {
    const what = unguarded(`  await ch.consume('q', (msg) => {\n    ${guard}\n    use(msg.content);\n  });`);
    expect(what === undefined).toBe(ok);
  });

  it.each([
    ['(msg) => msg && use(msg.content)', undefined],
    ['(msg) => (msg ? use(msg.content) : 0)', undefined],
    ['(msg) => (!msg ? 0 : use(msg.content))', undefined],
    ['(msg) => { if (msg) { use(msg.content); } }', undefined],
    ['(msg) => { if (msg !== null) use(msg.content); }', undefined],
    ['(msg) => { if (!msg) {} else use(msg.content); }', undefined],
    ['(msg) => use(msg?.content)', undefined],
    ['(msg) => { try { use(msg.content); } catch (e) { log(e); } }', undefined],
    ['(msg) => { try { use(msg.content); } catch (e) { throw e; } }', 'reads msg.content'],
    ['(msg) => { try { use(msg.content); } finally { log(); } }', 'reads msg.content'],
    ['(msg) => use(msg!.content)', 'reads msg!.content'],
    ['({ content }) => use(content)', 'destructures the message in its parameter list'],
    ['({ content } = {} as never) => use(content)', 'destructures the message in its parameter list'],
    ['(msg) => { const { content } = msg; use(content); }', 'destructures msg'],
    ['(msg) => { ch.ack(msg); }', 'calls ch.ack(msg), which reads msg.fields'],
    ['(msg) => { ch.nack(msg, false, true); }', 'calls ch.nack(msg), which reads msg.fields'],
    ['(msg) => { use(msg); log({ msg }); }', undefined],
    ['() => tick()', undefined],
    ['(msg) => { const other = (msg: unknown) => msg; other(1); }', undefined],
  ])('%s → %s', (handler, what) => {
    expect(unguarded(`  await ch.consume('q', ${handler});`)).toBe(what);
  });

  it('follows the message into local functions, class methods and bound handlers', () => {
    const local = 'function onMessage(m: any) { use(m.content); }\nfunction safe(m: any) { if (!m) return; use(m.content); }';
    expect(unguarded(`  await ch.consume('q', onMessage);`, local)).toBe('reads m.content');
    expect(unguarded(`  await ch.consume('q', safe);`, local)).toBeUndefined();
    expect(unguarded(`  await ch.consume('q', (msg) => onMessage(msg));`, local)).toBe('passes msg to onMessage(), which reads m.content');
    expect(unguarded(`  await ch.consume('q', (msg) => { if (msg) onMessage(msg); });`, local)).toBeUndefined();
    expect(unguarded(`  await ch.consume('q', (msg) => safe(msg));`, local)).toBeUndefined();
    expect(unguarded(`  const handler = onMessage.bind(null);\n  await ch.consume('q', handler);`, local)).toBe('reads m.content');
  });

  it('amqp-connection-manager wrappers never get null', () => {
    const text = `import amqp from 'amqp-connection-manager';\nconst w = amqp.connect(['amqp://x']).createChannel();\nexport const go = () => w.consume('q', (msg) => use(msg.content));\n`;
    const consumers = analyze([{ path: 'w.ts', text }], { target: '4.3', followImports: false }).files[0].model?.consumers ?? [];
    expect(consumers.map((c) => [c.client, c.handlerFacts?.nullOnCancel, c.handlerFacts?.unguardedUse])).toEqual([['amqp-connection-manager', false, undefined]]);
  });
});

describe('handler facts: retries', () => {
  const body = (handler: string) => `  await ch.consume('q', (msg) => {\n    if (!msg) return;\n${handler}\n  });`;

  it.each([
    ["const n = msg.properties.headers['x-death'][0].count;", 1],
    ["const n = msg.properties.headers?.['x-death']?.find((d: any) => d.queue === 'q')?.count;", 1],
    ["const h = msg.properties.headers; const d = h['x-death'] || []; if (d[0].count > 3) stop();", 1],
    ["const { headers } = msg.properties; const [{ count }] = headers['x-death'];", 1],
    ["console.log(msg.properties.headers['x-death'][0].count);", 0],
    ["if (msg.properties.headers['x-death']) stop();", 0],
    ["const n = msg.properties.headers['retry-count'];", 0],
  ])('%s: %i x-death count reads', (code, n) => {
    expect(factsOf(body(code))?.xDeathCounts).toHaveLength(n);
  });

  it('reads the count in a local function handed the headers, and says where that function reads it', () => {
    const extra = "function deaths(h: any) { return h['x-death'][0].count; }";
    expect(factsOf(body('    if (deaths(msg.properties.headers) > 3) stop();'), extra)?.xDeathCounts.map((u) => u.what)).toEqual(["reads h['x-death'][0].count (in h.ts:2)"]);
  });

  it.each([
    ["ch.publish('x', '', msg.content, { headers: msg.properties.headers });", 1, 1],
    ["ch.publish('x', '', msg.content, { ...msg.properties });", 1, 1],
    ["ch.publish('x', '', msg.content, { headers: { ...msg.properties.headers } });", 1, 1],
    ["ch.sendToQueue('x', msg.content, msg.properties);", 1, 1],
    ["ch.publish('x', '', msg.content, { headers: { ...msg.properties.headers, 'retry-count': 1 } });", 1, 0],
    ["ch.publish('x', '', msg.content);", 1, 0],
    ["ch.publish('x', '', Buffer.from('other'), { headers: msg.properties.headers });", 0, 0],
  ])('%s: %i republishes, %i with the received headers', (code, republishes, withHeaders) => {
    const facts = factsOf(body(code));
    expect([facts?.republishes.length, facts?.republishedHeaders.length]).toEqual([republishes, withHeaders]);
  });

  it('reads nack / reject requeue flags with amqplib defaults', () => {
    const facts = factsOf(body('    ch.nack(msg); ch.nack(msg, false, false); ch.reject(msg, true); ch.reject(msg);'));
    expect(facts?.rejections.map((r) => [r.method, r.requeue.kind, r.requeue.kind === 'unknown' ? undefined : r.requeue.value])).toEqual([
      ['nack', 'default', true],
      ['nack', 'known', false],
      ['reject', 'known', true],
      ['reject', 'default', true],
    ]);
  });
});
