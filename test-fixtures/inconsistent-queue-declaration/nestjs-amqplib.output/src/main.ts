import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { AppModule } from './app.module';

// The NestJS consumer declares 'notifications' as the docs show it (durable: false)...
async function bootstrap() {
  // rabbitmq4-codemod(inconsistent-queue-declaration): declare queue 'notifications' the same way
  // in every place (one shared declaration or the same options) and deploy the change to every
  // service at once; a queue that exists keeps the settings it was made with, so recreate it
  // (drain, delete, redeclare) or move to a new name when its settings change
  // rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it to
  // true, whatever its typings say), acknowledge each message at the end of every
  // @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
  // (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: { urls: ['amqp://localhost:5672'], queue: 'notifications', queueOptions: { durable: false, exclusive: true } },
  });
  await app.listen();
}
bootstrap();
