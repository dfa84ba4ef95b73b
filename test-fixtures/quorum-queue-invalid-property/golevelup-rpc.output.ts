import { Injectable } from '@nestjs/common';
import { RabbitRPC, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class PricingHandlers {
  @RabbitRPC({
    exchange: 'rpc',
    routingKey: 'price.quote',
    queue: 'price-quote',
    queueOptions: { exclusive: true },
  })
  quote(request: { sku: string }) {
    return { sku: request.sku, price: 10 };
  }

  // rabbitmq4-codemod(quorum-queue-invalid-property): give the quorum queue a name (a quorum queue
  // cannot be server-named), or drop x-queue-type and declare it exclusive: true if it is a
  // per-connection temporary queue
  @RabbitSubscribe({
    exchange: 'prices',
    routingKey: 'price.changed',
    queueOptions: { arguments: { 'x-queue-type': 'quorum' } },
  })
  onPriceChanged() {}
}
