import { Injectable } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class CacheInvalidator {
  @RabbitSubscribe({
    exchange: 'catalog',
    routingKey: 'product.*',
    queue: 'cache-invalidation',
    queueOptions: {
      durable: true,
    },
  })
  async invalidate(event: { sku: string }) {
    await this.cache.delete(event.sku);
  }

  constructor(private readonly cache: Map<string, unknown>) {}
}
