import { NestFactory } from '@nestjs/core';
import { MessagingModule, BY_NAME } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(MessagingModule);
  for (const [, wrapper] of app.get(BY_NAME)) {
    wrapper.assertQueue('payments', { durable: false });
  }
}

bootstrap();
