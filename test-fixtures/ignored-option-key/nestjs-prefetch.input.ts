// Nest reads prefetchCount, and hands only queueOptions to assertQueue: `prefetch` and a top-level `durable` never arrive.
import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
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
