/**
 * Handler facts for the two NestJS integrations: @golevelup/nestjs-rabbitmq's handlers (message, amqpMsg, headers;
 * `return new Nack(requeue)`; the decorator's errorHandler) and @nestjs/microservices' RMQ handlers (the message is
 * `context.getMessage()`), read by the shared handler analysis (src/clients/golevelup-nestjs-rabbitmq/handler-library.ts,
 * src/clients/nestjs-microservices/handlers.ts).
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/engine/analyze';
import { valueOf, type HandlerFacts } from '../../src/model';

function modelOf(text: string) {
  return analyze([{ path: 'h.ts', text }], { target: '4.3', followImports: false }).files[0].model;
}

/** The facts of the one golevelup handler `method` (a method of a class with `amqp: AmqpConnection`), under `@RabbitSubscribe(options)`. */
function golevelup(method: string, options = "{ queue: 'jobs' }"): HandlerFacts | undefined {
  const consumers =
    modelOf(
      `import { AmqpConnection, Nack, RabbitSubscribe, defaultNackErrorHandler, requeueErrorHandler, MessageHandlerErrorBehavior } from '@golevelup/nestjs-rabbitmq';\nexport class Jobs {\n  constructor(private readonly amqp: AmqpConnection) {}\n  @RabbitSubscribe(${options})\n  ${method}\n}\n`,
    )?.consumers ?? [];
  expect(consumers).toHaveLength(1);
  return consumers[0].handlerFacts;
}

/** The facts of every Nest handler of `body` (class members, with Ctx, EventPattern, MessagePattern, Payload and RmqContext imported). */
function nest(body: string): HandlerFacts[] {
  const model = modelOf(`import { Ctx, EventPattern, MessagePattern, Payload, RmqContext } from '@nestjs/microservices';\nexport class Jobs {\n${body}\n}\n`);
  return (model?.handlers ?? []).map((h) => h.handlerFacts);
}

const whats = (uses: { what: string }[] | undefined) => uses?.map((u) => u.what);
const rejections = (facts: HandlerFacts | undefined) => facts?.rejections.map((r) => [r.what, r.method, r.requeue.kind, valueOf(r.requeue)]);

describe('@golevelup/nestjs-rabbitmq handler facts', () => {
  it('reads the count from the raw message (parameter 1) and from the headers (parameter 2); never null', () => {
    const facts = golevelup(`async run(job: any, amqpMsg: any, headers: any) { use(amqpMsg.properties.headers['x-death'][0].count, headers?.['x-death']?.[0]?.count); }`);
    expect(facts?.nullOnCancel).toBe(false);
    expect(whats(facts?.xDeathCounts)).toEqual(["reads amqpMsg.properties.headers['x-death'][0].count", "reads headers?.['x-death']?.[0]?.count"]);
    // The decoded body (parameter 0) has no headers.
    expect(golevelup(`async run(job: any) { use(job.properties.headers['x-death'][0].count); }`)?.xDeathCounts).toEqual([]);
  });

  it.each([
    ["this.amqp.publish('ex', 'rk', job)", false],
    ["this.amqp.publish('ex', 'rk', amqpMsg.content, { headers: amqpMsg.properties.headers })", true],
    ["this.amqp.publish('ex', 'rk', job, { headers })", true],
    ["this.amqp.publish('ex', 'rk', job, { headers: { ...headers, 'retry-count': 1 } })", false],
  ])('AmqpConnection.publish %s republishes the message, passing the headers on: %s', (call, passes) => {
    const facts = golevelup(`async run(job: any, amqpMsg: any, headers: any) { await ${call}; }`);
    expect(whats(facts?.republishes)).toEqual([call.length > 60 ? `${call.slice(0, 59)}…` : call]);
    expect(facts?.republishedHeaders.length).toBe(passes ? 1 : 0);
  });

  it('does not take a new message for a republish', () => {
    expect(golevelup(`async run(job: any) { await this.amqp.publish('ex', 'rk', { id: job.id, status: 'failed' }); }`)?.republishes).toEqual([]);
  });

  it.each([
    ['return new Nack();', [['return new Nack()', 'nack', 'default', false]]],
    ['return new Nack(false);', [['return new Nack(false)', 'nack', 'known', false]]],
    ['return new Nack(true);', [['return new Nack(true)', 'nack', 'known', true]]],
    ['return;', []],
    ["throw new Error('x');", []],
  ])('a handler ending with `%s` → %j', (statement, expected) => {
    expect(rejections(golevelup(`async run(job: any) { use(job); ${statement} }`))).toEqual(expected);
  });

  it.each([
    ['errorHandler: defaultNackErrorHandler', false],
    ['errorHandler: requeueErrorHandler', true],
    ['errorBehavior: MessageHandlerErrorBehavior.NACK', false],
    ["errorBehavior: 'REQUEUE'", true],
  ])('a throw nacks as `%s` says: requeue %s', (option, requeue) => {
    const facts = golevelup(`async run(job: any) { use(job); throw new Error('x'); }`, `{ queue: 'jobs', ${option} }`);
    expect(facts?.rejections.map((r) => valueOf(r.requeue))).toEqual([requeue]);
  });

  it('a copy published in the block that nacks without requeue is sent aside; one past the limit is parked', () => {
    const facts = golevelup(`async run(job: any, amqpMsg: any) {
    const n = amqpMsg.properties.headers['x-death']?.[0]?.count ?? 0;
    try { await work(job); } catch {
      if (n >= 5) { await this.amqp.publish('parking', 'rk', amqpMsg.content); return; }
      await this.amqp.publish('audit', 'rk', job);
      return new Nack(false);
    }
  }`);
    expect(whats(facts?.republishesPastLimit)).toEqual(["this.amqp.publish('parking', 'rk', amqpMsg.content)"]);
    expect(whats(facts?.republishesBesideDeadLetter)).toEqual(["this.amqp.publish('audit', 'rk', job)"]);
  });
});

describe('@nestjs/microservices RMQ handler facts', () => {
  it('a handler whose RmqContext hands out the message: reads, acks, nacks and republishes on its channel', () => {
    const [facts] = nest(`  @EventPattern('job')
  async run(@Payload() data: any, @Ctx() context: RmqContext) {
    const channel = context.getChannelRef();
    const msg = context.getMessage();
    const n = msg.properties.headers['x-death']?.[0]?.count ?? 0;
    if (n < 3) channel.sendToQueue('wait', msg.content, { headers: msg.properties.headers });
    else channel.nack(msg, false, false);
    channel.ack(context.getMessage());
  }`);
    expect(facts.nullOnCancel).toBe(false);
    expect(whats(facts.xDeathCounts)).toEqual(["reads msg.properties.headers['x-death']?.[0]?.count"]);
    expect(whats(facts.republishes)).toEqual(["channel.sendToQueue('wait', msg.content, { headers: msg.pro…"]);
    expect(facts.republishedHeaders).toHaveLength(1);
    expect(rejections(facts)).toEqual([['channel.nack()', 'nack', 'known', false]]);
    expect(whats(facts.acks)).toEqual(['channel.ack()']);
  });

  it('follows the context handed to a method, and the count handed as a parameter to a parking-lot test', () => {
    const [facts] = nest(`  @MessagePattern('job')
  run(@Payload() data: any, @Ctx() context: RmqContext) {
    const msg = context.getMessage();
    this.retry(context, msg.properties.headers['x-death'][0].count);
  }
  private retry(ctx: RmqContext, attempt: number) {
    const next = attempt + 1;
    if (next >= 10) ctx.getChannelRef().sendToQueue('parking', ctx.getMessage().content);
  }`);
    expect(whats(facts.republishes)).toEqual(["ctx.getChannelRef().sendToQueue('parking', ctx.getMessage()… (in h.ts:10)"]);
    expect(facts.republishesPastLimit).toEqual(facts.republishes);
  });

  it('only pattern handlers with an RMQ context: typed RmqContext, or @Ctx() used for getChannelRef()', () => {
    expect(nest(`  @EventPattern('a') a(@Payload() data: any) { use(data); }`)).toEqual([]);
    expect(nest(`  @EventPattern('b') b(@Ctx() context: any) { use(context.getMessage()); }`)).toEqual([]);
    expect(nest(`  @EventPattern('c') c(@Ctx() context) { context.getChannelRef().ack(context.getMessage()); }`)).toHaveLength(1);
    expect(nest(`  @EventPattern('d') d(data: any, context: RmqContext) { use(context); }`)).toHaveLength(1);
    expect(nest(`  d(context: RmqContext) { use(context); }`)).toEqual([]);
  });
});
