import { Transport, type RmqOptions } from '@nestjs/microservices';

export const rmqOptions = (queue: string): RmqOptions => ({
  transport: Transport.RMQ,
  options: {
    urls: [process.env.RMQ_URL!],
    queue,
    queueOptions: { durable: process.env.RMQ_DURABLE === 'true' },
  },
});
