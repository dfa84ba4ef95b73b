import { Injectable } from '@nestjs/common';
import { AmqpConnection } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class InvoicePublisher {
  constructor(private readonly amqpConnection: AmqpConnection) {}

  async publishAll(invoices: { id: string }[]) {
    await Promise.all(invoices.map((invoice) => this.amqpConnection.publish('billing', 'invoice.created', invoice)));
  }
}
