import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';

@Module({
  imports: [
    ClientsModule.register([
      {
        name: 'PRICING_SERVICE',
        transport: Transport.RMQ,
        options: {
          urls: ['amqp://localhost:5672'],
          queue: 'pricing-replies',
          queueOptions: {
            exclusive: true,
            autoDelete: true,
            arguments: { 'x-queue-type': 'quorum' },
          },
        },
      },
    ]),
  ],
})
export class PricingModule {}
