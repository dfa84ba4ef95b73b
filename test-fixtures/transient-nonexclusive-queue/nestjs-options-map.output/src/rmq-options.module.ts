// A provider builds the microservices' RMQ options, one Map entry per queue; main.ts connects one server per entry.
import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { RmqOptions, Transport } from '@nestjs/microservices';

export const RMQ_SERVERS = 'RMQ_SERVERS';

// rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it to
// true, whatever its typings say), acknowledge each message at the end of every
// @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
// (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)
@Global()
@Module({
  providers: [
    {
      provide: RMQ_SERVERS,
      inject: [ConfigService],
      useFactory: (config: ConfigService) =>
        new Map<string, RmqOptions>([
          ['orders', { transport: Transport.RMQ, options: { urls: [config.get('RABBITMQ_URL')], queue: 'orders', queueOptions: { durable: true } } }],
        ]),
    },
  ],
  exports: [RMQ_SERVERS],
})
export class RmqOptionsModule {}
