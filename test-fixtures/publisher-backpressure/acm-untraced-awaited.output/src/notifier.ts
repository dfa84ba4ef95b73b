// The channel comes from the caller as `any`: the project depends on amqp-connection-manager, whose ChannelWrapper's
// sendToQueue returns a promise and waits for 'drain' itself, and on amqplib, whose sendToQueue returns a boolean.
export class Notifier {
  constructor(private readonly channel: any) {}

  async notifyAll(userIds: string[]) {
    for (const id of userIds) {
      await this.channel.sendToQueue('notifications', Buffer.from(id));
    }
  }
}
