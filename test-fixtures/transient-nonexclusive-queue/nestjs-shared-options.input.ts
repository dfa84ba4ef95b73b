import { NestFactory } from '@nestjs/core';
import { ClientsModule, MicroserviceOptions, RmqOptions, Transport } from '@nestjs/microservices';
import { Module } from '@nestjs/common';

const connection = { urls: ['amqp://rabbitmq:5672'] };

const ordersQueue: RmqOptions = {
  transport: Transport.RMQ,
  options: {
    ...connection,
    queue: 'orders',
    queueOptions: { durable: false },
  },
};

@Module({
  imports: [ClientsModule.register([{ name: 'ORDERS', ...ordersQueue }])],
})
export class AppModule {}

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.connectMicroservice<MicroserviceOptions>(ordersQueue);
  await app.startAllMicroservices();
  await app.listen(3000);
}
void bootstrap();
