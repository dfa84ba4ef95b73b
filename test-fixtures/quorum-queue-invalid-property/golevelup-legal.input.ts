import { Injectable } from '@nestjs/common';
import { RabbitRPC } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class PricingHandlers {
  @RabbitRPC({
    exchange: 'rpc',
    routingKey: 'price.quote',
    queue: 'price-quote',
    queueOptions: { deadLetterExchange: 'rpc.dlx', arguments: { 'x-queue-type': 'quorum' } },
  })
  quote(request: { sku: string }) {
    return { sku: request.sku, price: 10 };
  }
}
