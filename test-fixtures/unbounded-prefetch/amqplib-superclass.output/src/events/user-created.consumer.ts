import type { ConsumeMessage } from 'amqplib';
import { BaseConsumer } from './base-consumer';

export class UserCreatedConsumer extends BaseConsumer {
  constructor() {
    super('user.created');
  }

  async start() {
    await this.listen();
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
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
