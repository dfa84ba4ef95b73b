import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, ServerRMQ } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    // rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it
    // to true, whatever its typings say), acknowledge each message at the end of every
    // @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
    // (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10) (not rewritten: the acks belong
    // in the microservice's @MessagePattern/@EventPattern handlers, not in these options)
    strategy: new ServerRMQ({
      urls: ['amqp://localhost:5672'],
      queue: 'orders',
      noAck: true,
      prefetchCount: 10,
    }),
  });
  await app.listen();
}
bootstrap();
