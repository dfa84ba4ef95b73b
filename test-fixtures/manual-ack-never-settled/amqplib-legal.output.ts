// Handlers that settle their messages, or hand them to code that may: none is reported.
import * as amqp from 'amqplib';
import { dispatch } from '@acme/handlers';

export class Worker {
  private channel!: amqp.Channel;
  private readonly batch: amqp.ConsumeMessage[] = [];

  constructor(private readonly onMessage: (msg: amqp.ConsumeMessage) => Promise<void>) {}

  async start(url: string) {
    const conn = await amqp.connect(url);
    this.channel = await conn.createChannel();
    await this.channel.prefetch(10);
    // Acks after the work, nacks on failure.
    await this.channel.consume('orders', async (msg) => {
      if (!msg) return;
      try {
        await this.process(msg.content);
        this.channel.ack(msg);
      } catch {
        this.channel.nack(msg, false, false);
      }
    });
    // Acks in a helper it hands the message to.
    await this.channel.consume('payments', (msg) => msg && this.settle(msg));
    // Hands the message to a handler the caller gives: that handler decides.
    await this.channel.consume('refunds', (msg) => msg && this.onMessage(msg));
    // Hands it to a package's dispatcher.
    await this.channel.consume('shipments', (msg) => msg && dispatch(this.channel, msg));
    // Keeps it for a batch acked later with ack(msg, true).
    await this.channel.consume('events', (msg) => {
      if (msg) this.batch.push(msg);
    });
    // Automatic ack: nothing to settle.
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    await this.channel.consume('metrics', (msg) => msg && console.log(msg.content.toString()), { noAck: true });
  }

  private settle(msg: amqp.ConsumeMessage) {
    this.channel.ack(msg);
  }

  private async process(body: Buffer) {
    return body.length;
  }
}
