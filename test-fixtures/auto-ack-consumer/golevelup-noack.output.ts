import { Injectable } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class MetricsListener {
  // rabbitmq4-codemod(auto-ack-consumer): set noAck: false (or remove it) in
  // queueOptions.consumerOptions: the library then acknowledges each message after the handler
  // returns (return new Nack() to reject one), and the prefetch limits the messages in flight
  // (prefetchCount in RabbitMQModule's config, 10 by default, or in the channel named in
  // queueOptions.channel)
  @RabbitSubscribe({
    exchange: 'metrics',
    routingKey: 'metric.#',
    queue: 'metrics-ingest',
    queueOptions: { consumerOptions: { noAck: true } },
  })
  async ingest(metric: { name: string; value: number }) {
    await this.store.write(metric);
  }

  constructor(private readonly store: { write(m: object): Promise<void> }) {}
}
