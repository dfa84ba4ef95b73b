// Channels opened behind a lazy-init guard: the first publish opens them, every later one reuses them.
import * as amqp from 'amqplib';

export class Publisher {
  private connection?: amqp.ChannelModel;
  private channel?: amqp.Channel;
  private isInit = false;

  private async initialize() {
    this.connection = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
    this.channel = await this.connection.createChannel();
    this.isInit = true;
  }

  async publish(queue: string, body: unknown) {
    if (!this.isInit) await this.initialize();
    this.channel!.sendToQueue(queue, Buffer.from(JSON.stringify(body)), { persistent: true });
  }
}

export class AuditLog {
  private channel?: amqp.Channel;

  private async connect() {
    const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
    this.channel = await conn.createConfirmChannel();
  }

  async record(entry: string) {
    if (!this.channel) {
      await this.connect();
    }
    this.channel!.sendToQueue('audit', Buffer.from(entry));
  }
}
