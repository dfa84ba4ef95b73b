import { Module } from '@nestjs/common';
import { RabbitMQModule } from '@golevelup/nestjs-rabbitmq';

@Module({
  imports: [
    RabbitMQModule.forRoot({
      uri: 'amqp://localhost:5672',
      queues: [
        {
          name: 'clickstream',
          options: {
            autoDelete: true,
            arguments: { 'x-queue-type': 'stream', 'x-max-length-bytes': 20_000_000_000 },
          },
        },
      ],
    }),
  ],
})
export class AnalyticsModule {}
