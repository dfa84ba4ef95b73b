import { Injectable, Module } from '@nestjs/common';
import { RabbitMQModule, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class Listeners {
  @RabbitSubscribe({ exchange: 'orders', routingKey: 'order.created', queue: 'order-created' })
  onCreated() {}

  @RabbitSubscribe({ exchange: 'orders', routingKey: 'order.*', queue: '', queueOptions: { durable: false, exclusive: true } })
  onAny() {}

  // Only checks that the queue exists: nothing is declared.
  @RabbitSubscribe({ queue: 'legacy', createQueueIfNotExists: false, queueOptions: { durable: false } })
  onLegacy() {}
}

@Module({
  imports: [
    RabbitMQModule.forRoot(RabbitMQModule, {
      uri: 'amqp://localhost',
      queues: [{ name: 'audit', options: { durable: true } }],
    }),
  ],
  providers: [Listeners],
})
export class AppModule {}
