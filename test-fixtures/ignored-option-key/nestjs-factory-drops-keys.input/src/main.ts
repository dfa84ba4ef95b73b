import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { AppModule } from './app.module';
import { createReceiverConfig } from './config/factories';

async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(
    AppModule,
    createReceiverConfig({
      url: process.env.RABBITMQ_URL ?? 'amqp://localhost',
      queue: 'orders',
      exchange: 'events',
      pattern: 'orders.*',
      prefetchCount: 20,
      isGlobalPrefetchCount: true,
      consumerTag: 'orders-service',
      noAssert: false,
    }),
  );
  await app.listen();
}
bootstrap();
