import { Injectable } from '@nestjs/common';
import { AmqpConnection, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

const MAX_RETRIES = 3;

interface PaymentRequested {
  orderId: string;
  total: number;
}

// The count comes from the handler's headers parameter; below the limit the handler publishes the event it received
// into one of three staged TTL retry queues (dead-lettered back to the work queue) and returns, so the library acks the
// original: the client drives the retry, and each copy starts a new x-death count.
@Injectable()
export class PaymentService {
  constructor(private readonly amqpConnection: AmqpConnection) {}

  @RabbitSubscribe({
    exchange: 'ecommerce.events',
    routingKey: 'payment.requested',
    queue: 'payment.requested-queue',
    queueOptions: { durable: true },
  })
  async handlePaymentRequested(event: PaymentRequested, _raw: unknown, headers: Record<string, any>): Promise<void> {
    return this.process(event, headers);
  }

  private async process(event: PaymentRequested, headers: Record<string, any>): Promise<void> {
    const xDeath = headers?.['x-death'] as Array<{ count: number }> | undefined;
    const retryCount = xDeath?.[0]?.count ?? 0;
    if (retryCount >= MAX_RETRIES) {
      await this.amqpConnection.publish('ecommerce.events.dlq', 'payment.requested', event);
      return;
    }
    try {
      await charge(event.total);
    } catch {
      await this.amqpConnection.publish('ecommerce.events.retry', `payment.requested.retry-${retryCount + 1}`, event);
    }
  }
}

declare function charge(total: number): Promise<void>;
