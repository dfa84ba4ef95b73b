import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { AppModule } from './app.module';

// The NestJS consumer declares 'notifications' as the docs show it (durable: false)...
async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: { urls: ['amqp://localhost:5672'], queue: 'notifications', queueOptions: { durable: false, exclusive: true } },
  });
  await app.listen();
}
bootstrap();
