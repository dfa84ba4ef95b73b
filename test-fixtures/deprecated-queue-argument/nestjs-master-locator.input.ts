import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: {
      urls: ['amqp://localhost:5672'],
      queue: 'inventory',
      noAck: false,
      prefetchCount: 20,
      queueOptions: {
        durable: true,
        arguments: { 'x-queue-master-locator': 'min-masters' },
      },
    },
  });
  await app.listen();
}
bootstrap();
