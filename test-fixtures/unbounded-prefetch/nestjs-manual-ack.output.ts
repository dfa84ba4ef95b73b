import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AppModule } from './app.module';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  // rabbitmq4-codemod(unbounded-prefetch): set prefetchCount in the RMQ options to the number of
  // messages the handlers may work on at once (10 to 100 is typical)
  app.connectMicroservice<MicroserviceOptions>({
    transport: Transport.RMQ,
    options: {
      urls: ['amqp://localhost:5672'],
      queue: 'invoices',
      // false = manual acknowledgement
      noAck: false,
    },
  });
  await app.startAllMicroservices();
  await app.listen(3000);
}
bootstrap();
