import { Injectable } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class ShipmentsListener {
  @RabbitSubscribe({
    exchange: 'shipments',
    routingKey: 'shipment.dispatched',
    queue: 'shipment-dispatched',
    queueOptions: { arguments: { 'x-single-active-consumer': true } },
  })
  onDispatched() {}
}
