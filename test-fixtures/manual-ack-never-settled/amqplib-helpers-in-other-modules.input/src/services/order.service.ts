import type { ConsumeMessage } from 'amqplib';
import { RabbitClient } from './rabbit.client';

export class OrderService {
  constructor(private readonly rabbit: RabbitClient) {}

  async handle(msg: ConsumeMessage) {
    const order = JSON.parse(msg.content.toString());
    if (!order.id) return this.rabbit.discard(msg);
    await this.save(order);
    this.rabbit.confirm(msg);
  }

  private async save(order: unknown) {
    return order;
  }
}
