import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { AppModule } from './app.module';

// NestJS passes queueOptions to amqplib (durable defaults to true): a quorum queue under the default.
async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: { urls: ['amqp://localhost:5672'], queue: 'billing', queueOptions: { maxPriority: 10 } },
  });
  await app.listen();
}
bootstrap();
