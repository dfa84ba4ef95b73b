import { NestFactory } from '@nestjs/core';
import { MessagingModule, BY_NAME } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(MessagingModule);
  for (const [, connection] of app.get(BY_NAME)) {
    connection.declareQueue('payments', { durable: true });
  }
}

bootstrap();
