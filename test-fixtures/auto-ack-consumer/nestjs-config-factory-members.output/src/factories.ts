// Config factories: each returns `{ transport, options }`; the receiver reads them member by member.
import { Transport } from '@nestjs/microservices';

export interface ReceiverOptions {
  url: string;
  queue: string;
}

export function createReceiverConfig(options: ReceiverOptions) {
  return {
    transport: Transport.RMQ,
    options: { urls: [options.url], queue: options.queue, queueOptions: { durable: true }, noAck: false, prefetchCount: 10 },
  };
}

export function createRetryConfig(options: ReceiverOptions) {
  // rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it to
  // true, whatever its typings say), acknowledge each message at the end of every
  // @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
  // (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)
  return {
    transport: Transport.RMQ,
    options: {
      urls: [options.url],
      queue: `${options.queue}.retry`,
      queueOptions: { durable: true, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': options.queue, 'x-message-ttl': 5000 } },
    },
  };
}
