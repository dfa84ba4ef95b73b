import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

// rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
// to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
// x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
// (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
// arbitrary delays, an external scheduler
@Module({
  imports: [
    RabbitMQModule.forRoot({
      uri: 'amqp://localhost:5672',
      exchanges: [
        { name: 'events', type: 'topic' },
        { name: 'delayed', type: 'x-delayed-message', options: { arguments: { 'x-delayed-type': 'topic' } } },
      ],
    }),
  ],
})
export class MessagingModule {}
