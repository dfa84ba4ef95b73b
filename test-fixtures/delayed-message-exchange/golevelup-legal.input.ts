import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

// Negatives: ordinary exchanges, with and without a type (the default is topic).
@Module({
  imports: [
    RabbitMQModule.forRoot({
      uri: 'amqp://localhost:5672',
      exchanges: [{ name: 'events', type: 'topic' }, { name: 'orders' }],
    }),
  ],
})
export class MessagingModule {}
