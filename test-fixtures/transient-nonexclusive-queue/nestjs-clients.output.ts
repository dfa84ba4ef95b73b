import { Injectable, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { Client, ClientProxy, ClientProxyFactory, ClientRMQ, ClientsModule, Transport } from '@nestjs/microservices';

function billingClientOptions(config: ConfigService) {
  return {
    transport: Transport.RMQ,
    options: {
      urls: [config.getOrThrow<string>('RMQ_URL')],
      queue: 'billing',
      queueOptions: { durable: true },
    },
  } as const;
}

@Injectable()
export class NotificationsGateway {
  @Client({
    transport: Transport.RMQ,
    options: { urls: ['amqp://localhost'], queue: 'notifications', queueOptions: { durable: true } },
  })
  client: ClientProxy;

  readonly audit = new ClientRMQ({ urls: ['amqp://localhost'], queue: 'audit', queueOptions: { durable: true, messageTtl: 60000 } });
}

@Module({
  imports: [
    ConfigModule.forRoot(),
    ClientsModule.register([
      {
        name: 'MATH_SERVICE',
        transport: Transport.RMQ,
        options: {
          urls: ['amqp://localhost:5672'],
          queue: 'math_queue',
          queueOptions: {
            durable: true,
          },
        },
      },
    ]),
    ClientsModule.registerAsync([
      {
        name: 'BILLING_SERVICE',
        imports: [ConfigModule],
        inject: [ConfigService],
        useFactory: billingClientOptions,
      },
      {
        name: 'REPORTS_SERVICE',
        inject: [ConfigService],
        useFactory: async (config: ConfigService) => ({
          transport: Transport.RMQ,
          options: {
            urls: [config.get('RMQ_URL')],
            queue: 'reports',
            queueOptions: { durable: true },
          },
        }),
      },
    ]),
  ],
  providers: [
    NotificationsGateway,
    {
      provide: 'SEARCH_SERVICE',
      useFactory: () =>
        ClientProxyFactory.create({
          transport: Transport.RMQ,
          options: { urls: ['amqp://localhost'], queue: 'search', queueOptions: { durable: true } },
        }),
    },
  ],
})
export class AppModule {}
