// The handler's own type says amqplib may pass null (`ConsumeMessage | null`): the call is judged though its
// receiver is not traced. A handler typed without null on an untraced receiver is not (it may be a wrapper's).
import type { ConsumeMessage } from 'amqplib';
import { getChannel } from './broker';

export class NotificationListener {
  private channel: any;

  async start() {
    this.channel = await getChannel();
    await this.channel.prefetch(5);
    await this.channel.consume('notifications', this.onMessage.bind(this), { noAck: false });
    await this.channel.consume('digests', this.onDigest.bind(this), { noAck: false });
  }

  private async onMessage(msg: ConsumeMessage | null): Promise<void> {
    const event = JSON.parse(msg.content.toString());
    await this.deliver(event);
    this.channel.ack(msg);
  }

  private async onDigest(msg: ConsumeMessage): Promise<void> {
    await this.deliver(JSON.parse(msg.content.toString()));
    this.channel.ack(msg);
  }

  private async deliver(event: unknown) {
    return event;
  }
}
