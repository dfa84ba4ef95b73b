import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

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
