import { NestFactory } from '@nestjs/core';
import { ClientsModule, MicroserviceOptions, Transport } from '@nestjs/microservices';
import { Module } from '@nestjs/common';
import { Transport as OtherTransport } from './my-transport';

@Module({
  imports: [
    ClientsModule.register([
      { name: 'DURABLE', transport: Transport.RMQ, options: { urls: ['amqp://localhost'], queue: 'durable', queueOptions: { durable: true } } },
      { name: 'DEFAULTS', transport: Transport.RMQ, options: { urls: ['amqp://localhost'], queue: 'defaults' } },
      // Nest does not declare the queue: noAssert.
      { name: 'EXISTING', transport: Transport.RMQ, options: { urls: ['amqp://localhost'], queue: 'existing', noAssert: true, queueOptions: { durable: false } } },
      { name: 'TCP', transport: Transport.TCP, options: { port: 3001, queueOptions: { durable: false } } },
      { name: 'OTHER', transport: OtherTransport.RMQ, options: { queue: 'other', queueOptions: { durable: false } } },
    ]),
  ],
})
export class AppModule {}

async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: { urls: ['amqp://localhost'], queue: 'tmp', noAck: false, prefetchCount: 10, queueOptions: { durable: false, exclusive: true } },
  });
  await app.listen();
}
bootstrap();
