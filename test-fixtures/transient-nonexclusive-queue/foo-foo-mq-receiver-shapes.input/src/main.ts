import { NestFactory } from '@nestjs/core';
import { MessagingModule, BY_NAME } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(MessagingModule);
  for (const [, broker] of app.get(BY_NAME)) {
    broker.addQueue('payments', { durable: false });
  }
}

bootstrap();
