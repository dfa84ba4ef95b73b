import { Injectable } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class MetricsListener {
  @RabbitSubscribe({
    exchange: 'metrics',
    routingKey: 'metric.#',
    queue: 'metrics-ingest',
    queueOptions: { consumerOptions: { noAck: false } },
  })
  async ingest(metric: { name: string; value: number }) {
    await this.store.write(metric);
  }

  constructor(private readonly store: { write(m: object): Promise<void> }) {}
}
