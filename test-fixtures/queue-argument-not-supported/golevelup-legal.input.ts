import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

@Module({
  imports: [
    RabbitMQModule.forRoot({
      uri: 'amqp://localhost:5672',
      queues: [{ name: 'tasks', options: { maxPriority: 5 } }],
    }),
  ],
})
export class TasksModule {}
