import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

// The library sets each channel's prefetch per consumer (never global).
@Module({
  imports: [
    RabbitMQModule.forRoot({
      uri: 'amqp://localhost:5672',
      prefetchCount: 25,
      channels: { bulk: { prefetchCount: 200 } },
    }),
  ],
})
export class MessagingModule {}
