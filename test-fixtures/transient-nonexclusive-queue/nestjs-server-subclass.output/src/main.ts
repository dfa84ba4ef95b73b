import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { FanoutTransport } from './rabbitmq/fanout.transport';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.connectMicroservice({
    strategy: new FanoutTransport({
      urls: [process.env.RABBITMQ_URL ?? 'amqp://localhost'],
      queue: 'catalog.events',
      queueOptions: { durable: true },
    }),
  });
  await app.startAllMicroservices();
  await app.listen(3000);
}
bootstrap();
