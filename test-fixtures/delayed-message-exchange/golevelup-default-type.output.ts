import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

// An exchange without a type gets the module's defaultExchangeType.
// rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
// to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
// x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
// (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
// arbitrary delays, an external scheduler
@Module({
  imports: [
    RabbitMQModule.forRoot({
      uri: 'amqp://localhost:5672',
      defaultExchangeType: 'x-delayed-message',
      exchanges: [{ name: 'later', options: { arguments: { 'x-delayed-type': 'direct' } } }],
    }),
  ],
})
export class MessagingModule {}
