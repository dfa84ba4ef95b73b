// A client proxy with Nest's defaults: its reply consumer on amq.rabbitmq.reply-to acknowledges automatically, as
// direct reply-to requires. Nothing to report.
import { ClientProxyFactory, ClientRMQ, Transport } from '@nestjs/microservices';

export const billing = ClientProxyFactory.create({
  transport: Transport.RMQ,
  options: { urls: ['amqp://localhost:5672'], queue: 'billing', queueOptions: { durable: true } },
});

export const audit = new ClientRMQ({ urls: ['amqp://localhost:5672'], queue: 'audit', noAck: true });
