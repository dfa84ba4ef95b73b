// A ClientRMQ with a reply queue of its own: Nest consumes it with the options' noAck and never acks a reply
// (client-rmq.js consumeChannel). Options shared with the microservice, noAck: false included, leave every reply
// unacknowledged: once prefetchCount replies are pending the client receives no more, and its requests time out.
import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';

const rmqOptions = {
  urls: [process.env.RABBITMQ_URL ?? 'amqp://localhost'],
  queue: 'billing',
  queueOptions: { durable: true },
  noAck: false,
  prefetchCount: 10,
};

@Module({
  imports: [
    ClientsModule.register([
      // rabbitmq4-codemod(manual-ack-never-settled): give the client proxy its own options without
      // noAck: false (Nest's ClientRMQ never acks a reply, so its reply queue needs noAck: true),
      // or drop replyQueue to use direct reply-to
      { name: 'BILLING', transport: Transport.RMQ, options: { ...rmqOptions, replyQueue: 'billing.replies' } },
      // The reply queue with Nest's default noAck (true): an automatic-ack consumer (auto-ack-consumer's), which never
      // has anything to settle.
      // rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it
      // to true, whatever its typings say), acknowledge each message at the end of every
      // @MessagePattern/@EventPattern handler with
      // context.getChannelRef().ack(context.getMessage()) (@Ctx() context: RmqContext), and set
      // prefetchCount (e.g. 10)
      { name: 'AUDIT', transport: Transport.RMQ, options: { urls: ['amqp://localhost'], queue: 'audit', queueOptions: { durable: true }, replyQueue: 'audit.replies' } },
      // Direct reply-to (Nest's default reply queue): no queue to consume.
      { name: 'USERS', transport: Transport.RMQ, options: { urls: ['amqp://localhost'], queue: 'users', queueOptions: { durable: true } } },
    ]),
  ],
})
export class AppModule {}
