import { NestFactory } from '@nestjs/core';
import { MessagingModule, BY_NAME } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(MessagingModule);
  for (const [, channel] of app.get(BY_NAME)) {
    channel.queueDeclare('payments', { durable: false });
  }
}

bootstrap();
