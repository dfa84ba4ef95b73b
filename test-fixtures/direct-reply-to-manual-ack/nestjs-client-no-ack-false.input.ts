// One options object for the microservice and the client proxy that calls it: noAck: false is right for the
// server (it acks through RmqContext), but ClientRMQ consumes its replies from amq.rabbitmq.reply-to with the
// same noAck, and the broker refuses a direct reply-to consumer that acknowledges.
import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { NestFactory } from '@nestjs/core';

@Module({
  imports: [
    ClientsModule.register([
      {
        name: 'BILLING',
        transport: Transport.RMQ,
        options: {
          urls: ['amqp://localhost:5672'],
          queue: 'billing',
          queueOptions: { durable: true },
          noAck: false,
        },
      },
    ]),
  ],
})
export class OrdersModule {}

export const billingClient = () =>
  NestFactory.createMicroservice(OrdersModule, {
    transport: Transport.RMQ,
    options: { urls: ['amqp://localhost:5672'], queue: 'billing', noAck: false, prefetchCount: 10 },
  });
