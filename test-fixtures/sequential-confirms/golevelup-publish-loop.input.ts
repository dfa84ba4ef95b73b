import { Injectable } from '@nestjs/common';
import { AmqpConnection } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class InvoicePublisher {
  constructor(private readonly amqpConnection: AmqpConnection) {}

  async publishAll(invoices: { id: string }[]) {
    for (const invoice of invoices) {
      await this.amqpConnection.publish('billing', 'invoice.created', invoice);
    }
  }
}
