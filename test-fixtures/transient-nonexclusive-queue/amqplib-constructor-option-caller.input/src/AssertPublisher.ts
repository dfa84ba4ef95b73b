// A publisher that asserts its queue before each send, with the queue options its constructor is given (default {}).
import { Channel, Options } from 'amqplib';

export class AssertionPublisher {
  public constructor(
    private channel: Promise<Channel>,
    private assertQueueOptions: Options.AssertQueue = {},
  ) {}

  public async sendToQueue(queue: string, content: Buffer): Promise<boolean> {
    await this.assertQueue(queue);
    return (await this.channel).sendToQueue(queue, content);
  }

  private async assertQueue(name: string) {
    const channel = await this.channel;
    return channel.assertQueue(name, this.assertQueueOptions);
  }
}
