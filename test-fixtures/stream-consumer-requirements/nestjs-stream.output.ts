import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  // rabbitmq4-codemod(stream-consumer-requirements): consume the stream with noAck: false and a
  // prefetchCount above 0 in the RMQ options, and acknowledge each message at the end of every
  // @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
  // (@Ctx() context: RmqContext)
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: {
      urls: ['amqp://localhost:5672'],
      queue: 'audit-log',
      queueOptions: { durable: true, arguments: { 'x-queue-type': 'stream' } },
    },
  });
  await app.listen();
}
bootstrap();
