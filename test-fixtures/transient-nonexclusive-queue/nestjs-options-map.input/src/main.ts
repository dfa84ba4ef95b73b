import { NestFactory } from '@nestjs/core';
import { RmqOptions } from '@nestjs/microservices';
import { RmqOptionsModule, RMQ_SERVERS } from './rmq-options.module';

async function bootstrap() {
  const app = await NestFactory.create(RmqOptionsModule);
  const servers: Map<string, RmqOptions> = app.get(RMQ_SERVERS);
  for (const [, options] of servers) {
    app.connectMicroservice(options);
  }
  await app.startAllMicroservices();
}

bootstrap();
