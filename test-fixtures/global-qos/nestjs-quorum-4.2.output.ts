import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AppModule } from './app.module';

const prefetch = { prefetchCount: 50, isGlobalPrefetchCount: false };

async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: {
      urls: ['amqp://localhost:5672'],
      queue: 'payments',
      noAck: false,
      ...prefetch,
      queueOptions: { durable: true, deadLetterExchange: 'payments.dlx', arguments: { 'x-queue-type': 'quorum' } },
    },
  });
  await app.listen();
}
bootstrap();
