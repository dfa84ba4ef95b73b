import { injectable } from 'inversify';
import * as amqplib from 'amqplib';

@injectable()
class RabbitMqService {
  private connection: amqplib.ChannelModel | null = null;
  private channels: Map<string, amqplib.Channel> = new Map();

  async connect(queue: string) {
    if (!this.connection) this.connection = await amqplib.connect(process.env.AMQP_URL!);
    const channel = await this.connection.createChannel();
    this.channels.set(queue, channel);
    await channel.assertQueue(queue, { durable: true });
  }

  async consume(queue: string, onMessage: (message: amqplib.Message | null) => void) {
    const channel = this.channels.get(queue);
    if (!channel) throw new Error(`no channel for ${queue}`);
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    await channel.consume(queue, onMessage, { noAck: true });
  }
}

export default RabbitMqService;
