import { NestFactory } from '@nestjs/core';
import { ClientsModule, MicroserviceOptions, RmqOptions, Transport } from '@nestjs/microservices';
import { Module } from '@nestjs/common';

const connection = { urls: ['amqp://rabbitmq:5672'] };

const ordersQueue: RmqOptions = {
  transport: Transport.RMQ,
  options: {
    ...connection,
    queue: 'orders',
    queueOptions: { durable: true },
  },
};

@Module({
  imports: [ClientsModule.register([{ name: 'ORDERS', ...ordersQueue }])],
})
export class AppModule {}

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  // rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it to
  // true, whatever its typings say), acknowledge each message at the end of every
  // @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
  // (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)
  app.connectMicroservice<MicroserviceOptions>(ordersQueue);
  await app.startAllMicroservices();
  await app.listen(3000);
}
void bootstrap();
