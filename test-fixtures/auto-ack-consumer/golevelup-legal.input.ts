import { Injectable } from '@nestjs/common';
import { Nack, RabbitRPC, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

// The library acknowledges after each handler (manual ack on the wire), within the module's prefetch (10 by default).
@Injectable()
export class OrdersHandlers {
  @RabbitSubscribe({
    exchange: 'orders',
    routingKey: 'order.created',
    queue: 'order-created',
  })
  async onCreated(order: { id: string }) {
    if (!order.id) return new Nack(false);
    await this.ship(order.id);
  }

  @RabbitRPC({ exchange: 'rpc', routingKey: 'order.status', queue: 'order-status', queueOptions: { consumerOptions: { noAck: false } } })
  status(request: { id: string }) {
    return { id: request.id, status: 'shipped' };
  }

  private async ship(id: string) {}
}
