/**
 * Handler facts for rabbitmq-client and @cloudamqp/amqp-client consumers: the shared handler
 * analysis with each library's descriptor (src/clients/rabbitmq-client/handler.ts,
 * src/clients/cloudamqp-amqp-client/handler.ts).
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/engine/analyze';
import { valueOf, type HandlerFacts } from '../../src/model';

function consumersOf(text: string) {
  return analyze([{ path: 'h.ts', text }], { target: '4.3', followImports: false }).files[0].model?.consumers ?? [];
}

/** The handler facts of the one consumer in `body`, after a rabbitmq-client connection `rabbit` and publisher `pub`. */
function rabbitmqClient(body: string): HandlerFacts | undefined {
  const consumers = consumersOf(`import { Connection, ConsumerStatus } from 'rabbitmq-client';\nconst rabbit = new Connection('amqp://x');\nconst pub = rabbit.createPublisher({ confirm: true });\n${body}\n`);
  expect(consumers).toHaveLength(1);
  return consumers[0].handlerFacts;
}

/** The handler facts of the one consumer in `body`, inside an async function with a v4 session `session`, a queue `q` and a channel `ch`. */
function cloudamqp(body: string): HandlerFacts | undefined {
  const consumers = consumersOf(
    `import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';\nexport async function start() {\n  const session = await AMQPSession.connect('amqp://x');\n  const q = await session.queue('jobs');\n  const ch = await (await new AMQPClient('amqp://x').connect()).channel();\n${body}\n}\n`,
  );
  expect(consumers).toHaveLength(1);
  return consumers[0].handlerFacts;
}

const rejections = (facts: HandlerFacts | undefined) => facts?.rejections.map((r) => [r.what, r.method, r.requeue.kind, valueOf(r.requeue)]);

describe('rabbitmq-client handler facts', () => {
  const consumer = (handler: string, props = '') => rabbitmqClient(`export const sub = rabbit.createConsumer({ queue: 'jobs'${props} }, ${handler});`);

  it('never passes null: no unguarded use is reported', () => {
    const facts = consumer('async (msg) => { await use(msg.body); }');
    expect(facts?.nullOnCancel).toBe(false);
    expect(facts?.unguardedUse).toBeUndefined();
  });

  it('reads the x-death count and x-delivery-count from msg.headers', () => {
    const facts = consumer(`async (msg) => {\n  const { count } = msg.headers['x-death'][0];\n  use(count, msg.headers['x-delivery-count']);\n}`);
    expect(facts?.xDeathCounts.map((u) => u.what)).toEqual(["destructures count from msg.headers['x-death'][0]"]);
    expect(facts?.deliveryCountReads.map((u) => u.what)).toEqual(["reads msg.headers['x-delivery-count']"]);
    // amqplib's path means nothing here.
    expect(consumer(`async (msg) => use(msg.properties.headers['x-death'][0].count)`)?.xDeathCounts).toEqual([]);
  });

  it.each([
    ["pub.send({ routingKey: 'r', headers: msg.headers }, msg.body)", true],
    ["pub.send({ ...msg, routingKey: 'r' }, msg.body)", true],
    ['pub.send(msg, msg.body)', true],
    ["pub.send({ routingKey: 'r', headers: { ...msg.headers } }, msg.body)", true],
    ["pub.send('retry', msg.body)", false],
    ["pub.send({ routingKey: 'r', headers: { 'retry-count': 1 } }, msg.body)", false],
  ])('%s republishes, passing the headers on: %s', (call, headers) => {
    const facts = consumer(`async (msg) => { await ${call}; }`);
    expect(facts?.republishes.map((u) => u.what)).toEqual([call.length > 60 ? `${call.slice(0, 59)}…` : call]);
    expect(facts?.republishedHeaders.length).toBe(headers ? 1 : 0);
  });

  it('does not take a publish of something else for a republish', () => {
    expect(consumer(`async (msg) => { await pub.send('audit', { seen: msg.headers }); }`)?.republishes).toEqual([]);
  });

  it.each([
    ['return ConsumerStatus.REQUEUE;', [['return ConsumerStatus.REQUEUE', 'nack', 'known', true]]],
    ['return ConsumerStatus.DROP;', [['return ConsumerStatus.DROP', 'nack', 'known', false]]],
    ['return 1;', [['return 1', 'nack', 'known', true]]],
    ['return 2;', [['return 2', 'nack', 'known', false]]],
    ['return ConsumerStatus.ACK;', []],
    ['return;', []],
    ["throw new Error('x');", [["throw new Error('x') (rabbitmq-client nacks a handler that throws)", 'nack', 'default', true]]],
    ["try { throw new Error('x'); } catch (e) { log(e); }", []],
    ["try { throw new Error('x'); } catch (e) { throw e; }", [['throw e (rabbitmq-client nacks a handler that throws)', 'nack', 'default', true]]],
    ['const f = () => { throw new Error("x"); }; const g = () => ConsumerStatus.REQUEUE; later(f, g);', []],
  ])('createConsumer handler `%s` → %j', (statement, expected) => {
    expect(rejections(consumer(`async (msg) => { use(msg.body); ${statement} }`))).toEqual(expected);
  });

  it("a throw takes createConsumer's requeue option; with noAck nothing is nacked", () => {
    expect(rejections(consumer(`async () => { throw new Error('x'); }`, ', requeue: false'))).toEqual([["throw new Error('x') (rabbitmq-client nacks a handler that throws)", 'nack', 'known', false]]);
    expect(rejections(consumer(`async () => { if (bad()) throw new Error('x'); return ConsumerStatus.REQUEUE; }`, ', noAck: true'))).toEqual([]);
  });

  it('basicConsume: return values and throws are the caller\'s business; basicNack({ deliveryTag, requeue }) is read', () => {
    const basic = (handler: string) => rabbitmqClient(`export async function go() {\n  const ch = await rabbit.acquire();\n  await ch.basicConsume({ queue: 'jobs' }, ${handler});\n}`);
    expect(rejections(basic(`(msg) => { if (bad()) throw new Error('x'); return ConsumerStatus.REQUEUE; }`))).toEqual([]);
    expect(rejections(basic(`(msg) => { ch.basicNack({ deliveryTag: msg.deliveryTag }); }`))).toEqual([['ch.basicNack()', 'nack', 'default', true]]);
    expect(rejections(basic(`(msg) => { ch.basicNack({ deliveryTag: msg.deliveryTag, requeue: false }); }`))).toEqual([['ch.basicNack()', 'nack', 'known', false]]);
    expect(rejections(basic(`(msg) => { ch.basicNack({ deliveryTag: other.deliveryTag }); }`))).toEqual([]);
  });
});

describe('@cloudamqp/amqp-client handler facts', () => {
  const basicConsume = (handler: string) => cloudamqp(`  await ch.basicConsume('jobs', { noAck: false }, ${handler});`);
  const subscribe = (handler: string, params = '{ prefetch: 10 }') => cloudamqp(`  await q.subscribe(${params}, ${handler});`);

  it('never passes null: no unguarded use is reported', () => {
    for (const facts of [basicConsume('(msg) => use(msg.body)'), subscribe('async (msg) => use(msg.body)')]) {
      expect(facts?.nullOnCancel).toBe(false);
      expect(facts?.unguardedUse).toBeUndefined();
    }
  });

  it.each([
    ['msg.nack()', [['msg.nack()', 'nack', 'default', false]]],
    ['msg.nack(true)', [['msg.nack()', 'nack', 'known', true]]],
    ['msg.reject(true)', [['msg.reject()', 'reject', 'known', true]]],
    ['msg.reject()', [['msg.reject()', 'reject', 'default', false]]],
    ['ch.basicNack(msg.deliveryTag, true)', [['ch.basicNack()', 'nack', 'known', true]]],
    ['ch.basicReject(msg.deliveryTag)', [['ch.basicReject()', 'reject', 'default', false]]],
    ['other.nack(true)', []],
  ])('%s → %j', (call, expected) => {
    expect(rejections(basicConsume(`async (msg) => { await ${call}; }`))).toEqual(expected);
  });

  it('reads the x-death count from msg.properties.headers and republishes with body and properties', () => {
    const facts = basicConsume(`async (msg) => {\n  if (msg.properties.headers?.['x-death']?.[0]?.count > 3) return;\n  await ch.basicPublish('', 'retry', msg.body, msg.properties);\n  await q.publish(msg.bodyString(), { headers: { 'retry-count': 1 } });\n}`);
    expect(facts?.xDeathCounts.map((u) => u.what)).toEqual(["reads msg.properties.headers?.['x-death']?.[0]?.count"]);
    expect(facts?.republishes.map((u) => u.what)).toEqual(["ch.basicPublish('', 'retry', msg.body, msg.properties)", "q.publish(msg.bodyString(), { headers: { 'retry-count': 1 }…"]);
    expect(facts?.republishedHeaders.map((u) => u.what)).toEqual(['ch.basicPublish() passes the received headers on']);
  });

  it('v4 subscribe nacks a throw with requeueOnNack (default true), unless manualAck or noAck', () => {
    const handler = `async (msg) => { if (!msg.body) throw new Error('empty'); }`;
    const nack = (kind: string, value: boolean) => [["throw new Error('empty') (@cloudamqp/amqp-client nacks a handler that throws)", 'nack', kind, value]];
    expect(rejections(subscribe(handler))).toEqual(nack('default', true));
    expect(rejections(subscribe(handler, '{ requeueOnNack: false }'))).toEqual(nack('known', false));
    expect(rejections(subscribe(handler, '{ manualAck: true }'))).toEqual([]);
    expect(rejections(subscribe(handler, '{ noAck: true }'))).toEqual([]);
    // basicConsume leaves a throw to the caller.
    expect(rejections(basicConsume(handler))).toEqual([]);
  });
});
