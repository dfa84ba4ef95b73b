// A service whose handler hands the message to its own method, which works on it and never acks it.
import * as amqp from 'amqplib';

export class InvoiceWorker {
  private channel?: amqp.Channel;

  async start(url: string) {
    const conn = await amqp.connect(url);
    this.channel = await conn.createChannel();
    await this.channel.assertQueue('invoices', { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await this.channel.prefetch(5);
    await this.channel.consume('invoices', (msg) => msg && this.handle(msg), { noAck: false });
  }

  private async handle(msg: amqp.ConsumeMessage) {
    const invoice = JSON.parse(msg.content.toString());
    await this.store(invoice);
  }

  private async store(invoice: unknown) {
    return invoice;
  }
}
