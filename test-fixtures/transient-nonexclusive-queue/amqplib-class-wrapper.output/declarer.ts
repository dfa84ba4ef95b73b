import type { Channel } from 'amqplib';

export class QueueDeclarer {
  constructor(private readonly ch: Channel, private readonly durable = true) {}

  declare(name: string) {
    return this.ch.assertQueue(name, { durable: this.durable });
  }
}
