import { Injectable } from '@nestjs/common';
import { Nack, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

// A quorum queue whose handler returns failed messages with a requeueing Nack: from 4.3 a nack return no longer counts
// toward the delivery limit, so a message that always fails comes back forever.
@Injectable()
export class OrdersHandler {
  // rabbitmq4-codemod(quorum-requeue-delivery-count): for a failure that should count toward the
  // delivery limit, throw and give the handler an errorHandler that rejects with requeue
  // (`errorHandler: (channel, msg) => channel.reject(msg, true)`), and keep `return new Nack(true)`
  // for "not now" returns; count retries with x-acquired-count on 4.3 (or a header of your own);
  // consider the 4.3 delayed-retry queue arguments instead of an immediate requeue
  @RabbitSubscribe({
    exchange: 'orders',
    routingKey: 'order.created',
    queue: 'orders.created',
    queueOptions: { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 }, deadLetterExchange: 'orders.dlx' },
  })
  async onOrderCreated(order: { id: string }) {
    try {
      await fulfil(order.id);
    } catch {
      return new Nack(true);
    }
  }
}

declare function fulfil(id: string): Promise<void>;
