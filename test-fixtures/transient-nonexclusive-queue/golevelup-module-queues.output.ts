import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

@Module({
  imports: [
    RabbitMQModule.forRootAsync({
      imports: [ConfigModule],
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        uri: config.getOrThrow<string>('RABBITMQ_URI'),
        exchanges: [{ name: 'events', type: 'topic' }],
        queues: [
          { name: 'events.archive', options: { durable: true } },
          { name: 'events.replay', createQueueIfNotExists: true, options: { durable: true, messageTtl: 60_000 } },
        ],
      }),
    }),
  ],
})
export class MessagingModule {}
