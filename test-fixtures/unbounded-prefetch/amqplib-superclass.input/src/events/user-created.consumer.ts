import type { ConsumeMessage } from 'amqplib';
import { BaseConsumer } from './base-consumer';

export class UserCreatedConsumer extends BaseConsumer {
  constructor() {
    super('user.created');
  }

  async start() {
    await this.listen();
    await this.channel.consume(this.queue, async (msg) => {
      if (!msg) return;
      await this.onMessage(msg);
      this.channel.ack(msg);
    });
  }

  protected async onMessage(msg: ConsumeMessage) {
    console.log(msg.content.toString());
  }
}
