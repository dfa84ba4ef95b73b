import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientsModule, MicroserviceOptions, Transport } from '@nestjs/microservices';

@Module({
  imports: [
    ClientsModule.register([
      {
        name: 'REMINDERS',
        transport: Transport.RMQ,
        // A client asserts the exchange only with wildcards (or a fanout type).
        options: { urls: ['amqp://localhost'], queue: 'reminders', wildcards: true, exchange: 'reminders.delayed', exchangeType: 'x-delayed-message', exchangeArguments: { 'x-delayed-type': 'topic' } },
      },
      {
        name: 'AUDIT',
        transport: Transport.RMQ,
        options: { urls: ['amqp://localhost'], queue: 'audit', exchange: 'audit.delayed', exchangeType: 'x-delayed-message', routingKey: 'audit' },
      },
    ]),
  ],
})
export class RemindersModule {}

export async function bootstrap(): Promise<void> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(RemindersModule, {
    transport: Transport.RMQ,
    options: {
      urls: ['amqp://localhost'],
      queue: 'reminders',
      noAck: false,
      prefetchCount: 10,
      exchange: 'reminders.delayed',
      exchangeType: 'x-delayed-message',
      exchangeArguments: { 'x-delayed-type': 'topic' },
    },
  });
  await app.listen();
}
