import { describe, expect, it } from 'vitest';
import { cli, project, read, marker } from '../helpers';
import { fixAndRecheck, scan, summary } from './end-to-end';

const APP_MODULE = `import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';
import { OrdersHandlers } from './orders.handlers';

@Module({
  imports: [
    RabbitMQModule.forRoot(RabbitMQModule, {
      uri: 'amqp://localhost:5672',
      exchanges: [{ name: 'orders', type: 'topic' }],
      queues: [
        { name: 'orders.archive', options: { durable: false } },
        { name: 'orders.retry', options: { arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 5 } } },
      ],
    }),
  ],
  providers: [OrdersHandlers],
})
export class AppModule {}
`;

const HANDLERS = `import { Injectable } from '@nestjs/common';
import { AmqpConnection, Nack, RabbitRPC, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class OrdersHandlers {
  constructor(private readonly amqp: AmqpConnection) {}

  @RabbitSubscribe({ exchange: 'orders', routingKey: 'order.created', queue: 'order-created' })
  async onCreated(order: { id: string }) {
    if (!order.id) return new Nack(false);
    await this.amqp.publish('shipping', 'ship', order);
  }

  @RabbitSubscribe({
    exchange: 'orders',
    routingKey: 'order.*',
    queue: 'order-events',
    queueOptions: {
      durable: false,
      consumerOptions: { noAck: true },
    },
  })
  onAnyEvent(event: unknown) {
    console.log(event);
  }

  @RabbitRPC({
    exchange: 'rpc',
    routingKey: 'order.status',
    queue: 'order-status',
    queueOptions: { autoDelete: true, arguments: { 'x-queue-type': 'quorum' } },
  })
  status(request: { id: string }) {
    return { id: request.id, status: 'shipped' };
  }
}
`;

const FILES = { 'src/app.module.ts': APP_MODULE, 'src/orders.handlers.ts': HANDLERS };

describe('@golevelup/nestjs-rabbitmq, end to end', () => {
  it('finds the refused declarations of handlers and module queues, and the one auto-ack handler', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const { findings, consumers } = JSON.parse(r.stdout) as ReturnType<typeof scan>;
    expect(summary(findings)).toEqual([
      ['transient-nonexclusive-queue', 'error', 'src/app.module.ts', 11, 'orders.archive', 'rewrite'],
      ['quorum-delivery-limit-default', 'info', 'src/app.module.ts', 12, 'orders.retry', 'none'],
      ['queue-argument-not-supported', 'error', 'src/app.module.ts', 12, 'orders.retry', 'rewrite'],
      ['auto-ack-consumer', 'warning', 'src/orders.handlers.ts', 14, 'order-events', 'annotate'],
      ['ineffective-prefetch', 'info', 'src/orders.handlers.ts', 14, 'order-events', 'none'],
      ['transient-nonexclusive-queue', 'error', 'src/orders.handlers.ts', 19, 'order-events', 'rewrite'],
      ['quorum-queue-invalid-property', 'error', 'src/orders.handlers.ts', 27, 'order-status', 'rewrite'],
    ]);
    expect(findings.every((f) => f.client === '@golevelup/nestjs-rabbitmq')).toBe(true);
    // Handlers the library acks after, with its default prefetch of 10, are safe.
    expect(consumers).toEqual([
      { file: 'src/orders.handlers.ts', line: 8, client: '@golevelup/nestjs-rabbitmq', queue: 'order-created', ack: 'manual', prefetch: 10, verdict: 'safe', reasons: [], priority: 2 },
      {
        file: 'src/orders.handlers.ts',
        line: 14,
        client: '@golevelup/nestjs-rabbitmq',
        queue: 'order-events',
        ack: 'auto',
        prefetch: 10,
        verdict: 'unsafe',
        reasons: ['automatic ack: messages lost on a crash', 'the prefetch does nothing with automatic ack'],
        priority: 1,
      },
      { file: 'src/orders.handlers.ts', line: 27, client: '@golevelup/nestjs-rabbitmq', queue: 'order-status', ack: 'manual', prefetch: 10, verdict: 'safe', reasons: [], priority: 3 },
    ]);
  });

  it('fix --write rewrites in the decorators and the module config, changes nothing else, and a second fix changes nothing', () => {
    fixAndRecheck(FILES, {
      'src/app.module.ts': APP_MODULE.replace('options: { durable: false } }', 'options: { durable: true } }').replace(
        "{ arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 5 } }",
        "{ arguments: { 'x-queue-type': 'quorum' } }",
      ),
      'src/orders.handlers.ts': HANDLERS.replace('      durable: false,', '      durable: true,')
        .replace("queueOptions: { autoDelete: true, arguments: { 'x-queue-type': 'quorum' } },", 'queueOptions: { autoDelete: true },')
        .replace(
          '  @RabbitSubscribe({\n',
          marker('  ', 'auto-ack-consumer', "set noAck: false (or remove it) in queueOptions.consumerOptions: the library then acknowledges each message after the handler returns (return new Nack() to reject one), and the prefetch limits the messages in flight (prefetchCount in RabbitMQModule's config, 10 by default, or in the channel named in queueOptions.channel)") + "  @RabbitSubscribe({\n",
        ),
    });
  });

  it('fix --unsafe-fixes turns the auto-ack handler into one the library acknowledges', () => {
    const dir = project(FILES, { git: true });
    expect(cli(dir, 'fix', '--write', '--allow-dirty', '--unsafe-fixes').code).toBe(0);
    expect(read(dir, 'src/orders.handlers.ts')).toContain('consumerOptions: { noAck: false },');
    expect(scan(dir).findings.filter((f) => f.file === 'src/orders.handlers.ts').map((f) => f.ruleId)).toEqual([]);
  });
});
