import { Injectable } from '@nestjs/common';
import { AmqpConnection } from '@golevelup/nestjs-rabbitmq';

// AmqpConnection.publish resolves with the broker's confirm (a confirm channel by default).
@Injectable()
export class InvoicePublisher {
  constructor(private readonly amqpConnection: AmqpConnection) {}

  async publish(invoice: { id: string }) {
    const sent = await this.amqpConnection.publish('billing', 'invoice.created', invoice, { persistent: true });
    if (!sent) throw new Error('not confirmed');
  }
}
