import { Injectable } from '@nestjs/common';
import { RabbitRPC, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class PricingHandlers {
  @RabbitRPC({
    exchange: 'rpc',
    routingKey: 'price.quote',
    queue: 'price-quote',
    queueOptions: { exclusive: true, arguments: { 'x-queue-type': 'quorum' } },
  })
  quote(request: { sku: string }) {
    return { sku: request.sku, price: 10 };
  }

  @RabbitSubscribe({
    exchange: 'prices',
    routingKey: 'price.changed',
    queueOptions: { arguments: { 'x-queue-type': 'quorum' } },
  })
  onPriceChanged() {}
}
