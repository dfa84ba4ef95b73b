import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientsModule, MicroserviceOptions, Transport } from '@nestjs/microservices';

@Module({
  imports: [
    ClientsModule.register([
      // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before
      // moving to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3:
      // x-delayed-retry-type, x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL +
      // dead-letter 'wait queue' (publish to a queue with x-message-ttl whose
      // x-dead-letter-exchange is the real exchange); for arbitrary delays, an external scheduler
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
  // rabbitmq4-codemod(delayed-message-exchange): replace the delayed-message exchange before moving
  // to RabbitMQ 4.3: for retries, quorum-queue delayed retry (RabbitMQ 4.3: x-delayed-retry-type,
  // x-delayed-retry-min, x-delayed-retry-max); for a fixed delay, a TTL + dead-letter 'wait queue'
  // (publish to a queue with x-message-ttl whose x-dead-letter-exchange is the real exchange); for
  // arbitrary delays, an external scheduler
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
