import amqplib, { ChannelModel } from 'amqplib';

export class QueueAdapter {
  private client: ChannelModel | undefined;

  private async connect(): Promise<ChannelModel> {
    if (!this.client) this.client = await amqplib.connect('amqp://localhost');
    return this.client;
  }

  // A channel opened for the one message it sends, then closed.
  async send(data: unknown, topic: string): Promise<void> {
    await this.connect();
    const channel = await this.client?.createChannel();
    channel?.sendToQueue(topic, Buffer.from(JSON.stringify(data)));
    await channel?.close();
  }
}
