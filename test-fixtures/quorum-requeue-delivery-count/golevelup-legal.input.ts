import { Injectable } from '@nestjs/common';
import { Nack, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

// A quorum queue whose handler returns failed messages with a Nack without requeue (Nack's default): dead-lettered,
// on every version.
@Injectable()
export class OrdersHandler {
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
      return new Nack();
    }
  }
}

declare function fulfil(id: string): Promise<void>;
