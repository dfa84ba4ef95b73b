import { NestFactory } from '@nestjs/core';
import { MessagingModule, BY_NAME } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(MessagingModule);
  for (const [, exchange] of app.get(BY_NAME)) {
    exchange.queue({ name: 'payments', durable: false });
  }
}

bootstrap();
