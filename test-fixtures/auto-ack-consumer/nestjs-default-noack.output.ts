import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  // rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it to
  // true, whatever its typings say), acknowledge each message at the end of every
  // @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
  // (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: {
      urls: ['amqp://localhost:5672'],
      queue: 'orders',
      queueOptions: { durable: true },
    },
  });
  await app.listen();
}
bootstrap();
