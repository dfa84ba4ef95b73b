import { Injectable } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class ShipmentsListener {
  @RabbitSubscribe({
    exchange: 'shipments',
    routingKey: 'shipment.dispatched',
    queue: 'shipment-dispatched',
    queueOptions: { arguments: { 'x-queue-version': 1 } },
  })
  onDispatched() {}
}
