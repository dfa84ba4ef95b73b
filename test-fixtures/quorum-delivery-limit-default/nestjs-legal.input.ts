import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.connectMicroservice<MicroserviceOptions>({
    transport: Transport.RMQ,
    options: {
      urls: [process.env.RABBITMQ_URL ?? 'amqp://localhost'],
      queue: 'emails',
      noAck: false,
      prefetchCount: 10,
      queueOptions: { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10, 'x-dead-letter-exchange': 'emails.dlx' } },
    },
  });
  await app.startAllMicroservices();
  await app.listen(3000);
}
bootstrap();
