import { ClientsModule, Transport } from '@nestjs/microservices';

export const jobsClient = ClientsModule.register([
  {
    name: 'JOBS',
    transport: Transport.RMQ,
    options: {
      urls: ['amqp://localhost:5672'],
      queue: 'jobs',
      queueOptions: {
        durable: true,
        maxPriority: 10,
        arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 },
      },
    },
  },
]);
