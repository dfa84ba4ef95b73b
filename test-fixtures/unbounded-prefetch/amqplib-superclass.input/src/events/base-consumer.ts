import amqp, { Channel, ConsumeMessage } from 'amqplib';

export abstract class BaseConsumer {
  protected channel!: Channel;

  constructor(protected readonly queue: string) {}

  protected abstract onMessage(msg: ConsumeMessage): Promise<void>;

  async listen() {
    const connection = await amqp.connect(process.env.AMQP_URL!);
    this.channel = await connection.createChannel();
    await this.channel.assertQueue(this.queue, { durable: true });
  }
}
