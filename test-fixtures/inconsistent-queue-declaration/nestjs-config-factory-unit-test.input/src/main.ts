import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { createReceiverConfig } from './config/factories';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.connectMicroservice(createReceiverConfig({ url: 'amqp://localhost:5672', queue: 'q.analytics', exchange: 'events' }));
  await app.startAllMicroservices();
}
bootstrap();
