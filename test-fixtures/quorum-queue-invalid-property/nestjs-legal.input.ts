import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';

@Module({
  imports: [
    ClientsModule.register([
      {
        name: 'PAYMENTS_SERVICE',
        transport: Transport.RMQ,
        options: {
          urls: ['amqp://localhost:5672'],
          queue: 'payments',
          queueOptions: {
            durable: true,
            deadLetterExchange: 'payments.dlx',
            arguments: { 'x-queue-type': 'quorum' },
          },
        },
      },
    ]),
  ],
})
export class PaymentsModule {}
