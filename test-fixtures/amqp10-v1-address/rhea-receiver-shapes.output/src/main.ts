import { NestFactory } from '@nestjs/core';
import { MessagingModule, BY_NAME } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(MessagingModule);
  for (const [, connection] of app.get(BY_NAME)) {
    // rabbitmq4-codemod(amqp10-v1-address): make sure the queue exists (declare it before
    // attaching), then attach to '/queues/payments'
    connection.open_receiver('/queue/payments');
  }
}

bootstrap();
