import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, ServerRMQ } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    strategy: new ServerRMQ({
      urls: ['amqp://localhost:5672'],
      queue: 'orders',
      noAck: true,
      prefetchCount: 10,
    }),
  });
  await app.listen();
}
bootstrap();
