import type { Channel, ConsumeMessage } from 'amqplib';

export class RabbitClient {
  constructor(private readonly channel: Channel) {}

  confirm(msg: ConsumeMessage) {
    this.channel.ack(msg);
  }

  discard(msg: ConsumeMessage) {
    this.channel.nack(msg, false, false);
  }
}
