import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { BillingTransport } from './billing.transport';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  // No noAck option: ServerRMQ's default, true (automatic acknowledgement).
  app.connectMicroservice({ strategy: new BillingTransport({ urls: ['amqp://localhost'], queue: 'billing' }) });
  await app.startAllMicroservices();
  await app.listen(3000);
}
bootstrap();
