// A worker whose handlers hand each message to services and helpers in other modules, which settle it (or not).
import * as amqp from 'amqplib';
import { OrderService } from './services/order.service';
import { AuditService } from './services/audit.service';
import { handleEmail } from './handlers/email';
import { handlePayment } from './handlers/payment';
import { processReport } from './handlers/report';

export class Consumer {
  private channel!: amqp.Channel;

  constructor(
    private readonly orders: OrderService,
    private readonly audit: AuditService,
  ) {}

  async start(url: string) {
    const conn = await amqp.connect(url);
    this.channel = await conn.createChannel();
    await this.channel.prefetch(10);
    // Settled by a method of another object: OrderService acks or rejects through RabbitClient.
    await this.channel.consume('orders', async (msg) => {
      if (!msg) return;
      await this.orders.handle(msg);
    });
    // Settled by the ack and the nack it passes in.
    await this.channel.consume('emails', async (msg) => {
      if (!msg) return;
      await handleEmail(msg, this.channel.ack.bind(this.channel), this.channel.nack.bind(this.channel));
    });
    // Settled five calls down.
    await this.channel.consume('payments', async (msg) => {
      if (!msg) return;
      await handlePayment(this.channel, msg);
    });
    // Never settled: the audit service stores the body and returns.
    await this.channel.consume('audit', async (msg) => {
      if (!msg) return;
      await this.audit.record(msg);
    });
    // Never settled: the callback it passes only logs the delivery.
    await this.channel.consume('reports', async (msg) => {
      if (!msg) return;
      await processReport(msg, (done) => console.log('report done', done.fields.deliveryTag));
    });
  }
}
