// Builds the RMQ transport options of a receiver from the service's own settings (a subset of Nest's keys).
import { Transport, type RmqOptions } from '@nestjs/microservices';

export interface ReceiverOptions {
  url: string;
  queue: string;
  exchange: string;
  pattern?: string;
  retryExchange?: string;
  prefetchCount?: number;
  noAck?: boolean;
  [key: string]: unknown;
}

export function createReceiverConfig(options: ReceiverOptions): RmqOptions {
  const retryExchange = options.retryExchange || `${options.exchange}.retry`;
  return {
    transport: Transport.RMQ,
    options: {
      urls: [options.url],
      queue: options.queue,
      queueOptions: {
        durable: true,
        arguments: { 'x-dead-letter-exchange': retryExchange, 'x-dead-letter-routing-key': options.pattern },
      },
      exchange: options.exchange,
      exchangeType: 'topic',
      wildcards: true,
      prefetchCount: options.prefetchCount || 10,
      noAck: options.noAck ?? false,
    },
  };
}
