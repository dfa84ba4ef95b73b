import { NestFactory } from '@nestjs/core';
import { Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { AppModule } from './app.module';

// NestJS passes queueOptions to amqplib (durable defaults to true): a quorum queue under the default.
async function bootstrap() {
  // rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it to
  // true, whatever its typings say), acknowledge each message at the end of every
  // @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
  // (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: { urls: ['amqp://localhost:5672'], queue: 'billing', queueOptions: {} },
  });
  await app.listen();
}
bootstrap();
