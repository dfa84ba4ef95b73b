import { NestFactory } from '@nestjs/core';
import { RmqService } from '@app/common';
import { AuthModule } from './auth.module';

async function bootstrap() {
  const app = await NestFactory.create(AuthModule);
  const rmqService = app.get<RmqService>(RmqService);
  // rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it to
  // true, whatever its typings say), acknowledge each message at the end of every
  // @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
  // (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)
  app.connectMicroservice(rmqService.getOptions('AUTH', true));
  await app.startAllMicroservices();
}
bootstrap();
