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
    // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in send() (called
    // at src/routes.ts:17), in the HTTP route handler at src/routes.ts:16): open it once at
    // start-up and reuse it for every request
    const channel = await this.client?.createChannel();
    channel?.sendToQueue(topic, Buffer.from(JSON.stringify(data)));
    await channel?.close();
  }
}
