// Nest reads prefetchCount, and hands only queueOptions to assertQueue: `prefetch` and a top-level `durable` never arrive.
import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  // rabbitmq4-codemod(unbounded-prefetch): set prefetchCount in the RMQ options to the number of
  // messages the handlers may work on at once (10 to 100 is typical)
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: {
      urls: [process.env.RABBITMQ_URL ?? 'amqp://localhost'],
      queue: 'payments',
      noAck: false,
      prefetch: 10,
      durable: true,
      queueOptions: { durable: true, messageTtl: 60000 },
    },
  });
  await app.listen();
}

bootstrap();
