import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

// An exchange without a type gets the module's defaultExchangeType.
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
