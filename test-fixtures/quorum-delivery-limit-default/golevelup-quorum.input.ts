import { Injectable } from '@nestjs/common';
import { Nack, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class PaymentsListener {
  @RabbitSubscribe({
    exchange: 'payments',
    routingKey: 'payment.captured',
    queue: 'payment-captured',
    queueOptions: { arguments: { 'x-queue-type': 'quorum' } },
  })
  async onCaptured(msg: { id: string }) {
    if (!msg.id) return new Nack(false);
  }
}
