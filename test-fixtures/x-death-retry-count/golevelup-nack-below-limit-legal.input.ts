import { Injectable } from '@nestjs/common';
import { AmqpConnection, Nack, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';
import type { ConsumeMessage } from 'amqplib';

const MAX_ATTEMPTS = 5;

// The broker drives the retry: below the limit the handler returns a Nack without requeue, and the queue dead-letters
// into a TTL retry queue that dead-letters back (4.x counts each of those); at the limit the message is copied to a
// parking lot and the library acks the original.
@Injectable()
export class ShipmentsHandler {
  constructor(private readonly amqp: AmqpConnection) {}

  @RabbitSubscribe({
    exchange: 'shipments',
    routingKey: 'shipment.created',
    queue: 'shipments.created',
    queueOptions: { deadLetterExchange: 'shipments.retry', deadLetterRoutingKey: 'shipment.created' },
  })
  async onShipmentCreated(shipment: { id: string }, amqpMsg: ConsumeMessage) {
    const attempts = amqpMsg.properties.headers?.['x-death']?.[0]?.count ?? 0;
    try {
      await book(shipment.id);
    } catch {
      if (attempts >= MAX_ATTEMPTS) {
        await this.amqp.publish('shipments.parking', 'shipment.created', amqpMsg.content, { headers: amqpMsg.properties.headers });
        return;
      }
      return new Nack(false);
    }
  }
}

declare function book(id: string): Promise<void>;
