import { NestFactory } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import type { RmqOptions } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  const configService = app.get(ConfigService);
  app.connectMicroservice(configService.get('rmq.server') as RmqOptions);
  app.connectMicroservice(configService.getOrThrow<RmqOptions>('rmq.worker'));
  await app.startAllMicroservices();
  await app.listen(3000);
}

void bootstrap();
