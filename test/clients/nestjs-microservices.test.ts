import { describe, expect, it } from 'vitest';
import { cli, project, marker } from '../helpers';
import { fixAndRecheck, scan, summary } from './end-to-end';

const MAIN = `import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: {
      urls: ['amqp://localhost:5672'],
      queue: 'cats_queue',
      queueOptions: {
        durable: false
      },
    },
  });
  await app.listen();
}
bootstrap();
`;

const APP_MODULE = `import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { CatsController } from './cats.controller';

const billing = (config: ConfigService) => ({
  transport: Transport.RMQ,
  options: {
    urls: [config.get<string>('RMQ_URL')],
    queue: 'billing',
    prefetchCount: 10,
    isGlobalPrefetchCount: true,
    queueOptions: { durable: true, maxPriority: 10, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } },
  },
});

@Module({
  imports: [
    ClientsModule.register([
      {
        name: 'CATS_SERVICE',
        transport: Transport.RMQ,
        options: {
          urls: ['amqp://localhost:5672'],
          queue: 'cats_queue',
          queueOptions: {
            durable: false
          },
        },
      },
    ]),
    ClientsModule.registerAsync([{ name: 'BILLING_SERVICE', inject: [ConfigService], useFactory: billing }]),
  ],
  controllers: [CatsController],
})
export class AppModule {}
`;

const CONTROLLER = `import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, RmqContext } from '@nestjs/microservices';

@Controller()
export class CatsController {
  @MessagePattern('notifications')
  getNotifications(@Payload() data: number[], @Ctx() context: RmqContext) {
    console.log(context.getMessage());
  }
}
`;

const TCP = `import { NestFactory } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';
import { AppModule } from './app.module';

export const tcp = NestFactory.createMicroservice(AppModule, { transport: Transport.TCP, options: { port: 3001, queueOptions: { durable: false } } });
`;

const FILES = { 'src/main.ts': MAIN, 'src/app.module.ts': APP_MODULE, 'src/cats.controller.ts': CONTROLLER, 'src/tcp.ts': TCP };

describe('@nestjs/microservices RMQ transport, end to end', () => {
  it('finds every refused declaration, the auto-ack microservice and the global prefetch', () => {
    const dir = project(FILES);
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const { findings, consumers } = JSON.parse(r.stdout) as ReturnType<typeof scan>;
    expect(summary(findings)).toEqual([
      ['transient-nonexclusive-queue', 'error', 'src/app.module.ts', 27, 'cats_queue', 'rewrite'],
      // Both set in the billing() factory, reported at the registerAsync entry that uses it.
      ['global-qos', 'warning', 'src/app.module.ts', 32, null, 'rewrite'],
      ['queue-argument-not-supported', 'error', 'src/app.module.ts', 32, 'billing', 'rewrite'],
      // At the RMQ options, where noAck: false and prefetchCount go.
      ['auto-ack-consumer', 'warning', 'src/main.ts', 8, 'cats_queue', 'annotate'],
      ['transient-nonexclusive-queue', 'error', 'src/main.ts', 12, 'cats_queue', 'rewrite'],
    ]);
    expect(findings.every((f) => f.client === '@nestjs/microservices')).toBe(true);
    // Each client proxy's reply consumer, which Nest makes on amq.rabbitmq.reply-to with the client's noAck (true by default): listed, and safe.
    expect(consumers).toEqual([
      { file: 'src/app.module.ts', line: 23, client: '@nestjs/microservices', queue: 'amq.rabbitmq.reply-to', ack: 'auto', prefetch: 0, verdict: 'safe', reasons: [], priority: 2 },
      { file: 'src/app.module.ts', line: 32, client: '@nestjs/microservices', queue: 'amq.rabbitmq.reply-to', ack: 'auto', prefetch: 10, verdict: 'safe', reasons: [], priority: 3 },
      { file: 'src/main.ts', line: 8, client: '@nestjs/microservices', queue: 'cats_queue', ack: 'auto', prefetch: 0, verdict: 'unsafe', reasons: ['automatic ack: messages lost on a crash'], priority: 1 },
    ]);
  });

  it('fix --write makes every declaration legal in Nest syntax, changes nothing else, and a second fix changes nothing', () => {
    fixAndRecheck(FILES, {
      'src/main.ts': MAIN.replace('        durable: false', '        durable: true').replace(
        '  const app = await',
        marker('  ', 'auto-ack-consumer', 'set noAck: false in the RMQ options (Nest defaults it to true, whatever its typings say), acknowledge each message at the end of every @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage()) (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)') + '  const app = await',
      ),
      'src/app.module.ts': APP_MODULE.replace('            durable: false', '            durable: true')
        .replace('isGlobalPrefetchCount: true', 'isGlobalPrefetchCount: false')
        .replace('{ durable: true, maxPriority: 10, arguments:', '{ durable: true, arguments:'),
    });
  });

  it('follows options built in another module: the microservice that uses them is found, and the fix edits them where they are written', () => {
    const rmq = `import { Transport, type RmqOptions } from '@nestjs/microservices';

export const rmqOptions = (queue: string): RmqOptions => ({
  transport: Transport.RMQ,
  options: { urls: ['amqp://localhost'], queue, noAck: false, prefetchCount: 10, queueOptions: { durable: false } },
});
`;
    const main = `import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { rmqOptions } from './rmq';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.connectMicroservice(rmqOptions('invoices'));
  await app.startAllMicroservices();
}
bootstrap();
`;
    const dir = project({ 'src/rmq.ts': rmq, 'src/main.ts': main });
    const { findings, consumers } = scan(dir);
    // The helper's declaration is read at its call site, with the queue name the call passes; the refused
    // literal is written in the helper, so the finding is reported there, with the call as a related place.
    expect(summary(findings)).toEqual([['transient-nonexclusive-queue', 'error', 'src/rmq.ts', 5, 'invoices', 'rewrite']]);
    expect(findings[0].related).toEqual([{ file: 'src/main.ts', line: 7, column: 27, endLine: 7, endColumn: 49, message: "called here (queue 'invoices')" }]);
    expect(consumers).toEqual([{ file: 'src/main.ts', line: 7, client: '@nestjs/microservices', queue: 'invoices', ack: 'manual', prefetch: 10, verdict: 'safe', reasons: [], priority: 1 }]);
    fixAndRecheck({ 'src/rmq.ts': rmq, 'src/main.ts': main }, { 'src/rmq.ts': rmq.replace('durable: false', 'durable: true') });
  });

  it("lists a client proxy's reply consumer on direct reply-to, and reports it when the options it shares with the microservice set noAck: false", () => {
    const rmq = `import { Transport, type RmqOptions } from '@nestjs/microservices';

export const rmqOptions = (queue: string): RmqOptions => ({
  transport: Transport.RMQ,
  options: { urls: ['amqp://localhost'], queue, noAck: false, prefetchCount: 10 },
});
`;
    const module = `import { Module } from '@nestjs/common';
import { ClientsModule } from '@nestjs/microservices';
import { rmqOptions } from './rmq';

@Module({ imports: [ClientsModule.register([{ name: 'BILLING', ...rmqOptions('billing') }])] })
export class OrdersModule {}
`;
    const main = `import { NestFactory } from '@nestjs/core';
import { OrdersModule } from './orders.module';
import { rmqOptions } from './rmq';

async function bootstrap() {
  const app = await NestFactory.createMicroservice(OrdersModule, rmqOptions('orders'));
  await app.listen();
}
bootstrap();
`;
    const dir = project({ 'src/rmq.ts': rmq, 'src/orders.module.ts': module, 'src/main.ts': main });
    const { findings, consumers } = scan(dir);
    // The microservice acks through RmqContext; the client proxy's reply consumer gets the same noAck: false, which the broker refuses.
    expect(summary(findings)).toEqual([['direct-reply-to-manual-ack', 'error', 'src/rmq.ts', 5, 'amq.rabbitmq.reply-to', 'annotate']]);
    expect(consumers.map((c) => [c.file, c.queue, c.ack, c.verdict])).toEqual([
      ['src/main.ts', 'orders', 'manual', 'safe'],
      ['src/orders.module.ts', 'amq.rabbitmq.reply-to', 'manual', 'unsafe'],
    ]);
  });
});
