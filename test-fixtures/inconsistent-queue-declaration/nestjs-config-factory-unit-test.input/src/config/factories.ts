import { Transport, type RmqOptions } from '@nestjs/microservices';

export interface ReceiverOptions {
  url: string;
  queue: string;
  exchange: string;
  retryExchange?: string;
  retryTtl?: number;
}

// A library's config factory: the service passes what it returns to app.connectMicroservice().
export function createReceiverConfig(options: ReceiverOptions): RmqOptions {
  return {
    transport: Transport.RMQ,
    options: {
      urls: [options.url],
      queue: options.queue,
      queueOptions: { durable: true, arguments: { 'x-dead-letter-exchange': options.retryExchange || `${options.exchange}.retry` } },
      prefetchCount: 10,
      noAck: false,
    },
  };
}
