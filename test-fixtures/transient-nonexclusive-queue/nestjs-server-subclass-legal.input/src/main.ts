import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { AuditTransport } from './rabbitmq/audit.transport';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.connectMicroservice({
    strategy: new AuditTransport({ urls: ['amqp://localhost'], queue: 'audit', queueOptions: { durable: false } }),
  });
  await app.startAllMicroservices();
  await app.listen(3000);
}
bootstrap();
