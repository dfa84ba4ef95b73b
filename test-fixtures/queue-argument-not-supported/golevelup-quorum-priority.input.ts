import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

const quorum = { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 };

@Module({
  imports: [
    RabbitMQModule.forRoot({
      uri: 'amqp://localhost:5672',
      queues: [{ name: 'tasks', options: { maxPriority: 5, arguments: quorum } }],
    }),
  ],
})
export class TasksModule {}
