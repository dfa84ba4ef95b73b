// A retry loop the broker drives: the handler nacks without requeue, the work queue dead-letters into a TTL queue,
// whose expiry dead-letters the message back. 4.x counts each of those in x-death. Past the limit the handler moves
// the message to a parking lot itself: that copy never comes back to be counted, so nothing here is wrong.
import * as amqp from 'amqplib';

const MAX_RETRIES = 5;

export class OrderWorker {
  private channel!: amqp.Channel;

  async start(url: string) {
    const conn = await amqp.connect(url);
    this.channel = await conn.createChannel();
    await this.channel.assertExchange('orders.dlx', 'direct', { durable: true });
    await this.channel.assertQueue('orders', { durable: true, deadLetterExchange: 'orders.dlx', deadLetterRoutingKey: 'orders.retry' });
    await this.channel.assertQueue('orders.retry', { durable: true, messageTtl: 10_000, deadLetterExchange: '', deadLetterRoutingKey: 'orders' });
    await this.channel.bindQueue('orders.retry', 'orders.dlx', 'orders.retry');
    await this.channel.assertQueue('orders.parking-lot', { durable: true });
    await this.channel.prefetch(10);
    await this.channel.consume('orders', (msg) => this.onOrder(msg));
    await this.channel.consume('payments', (msg) => this.onPayment(msg));
  }

  private onOrder(msg: amqp.ConsumeMessage | null) {
    if (!msg) return;
    const deaths = (msg.properties.headers?.['x-death'] ?? []) as { count: number; queue: string }[];
    const attempts = deaths.find((d) => d.queue === 'orders')?.count ?? 0;
    if (attempts >= MAX_RETRIES) {
      this.channel.sendToQueue('orders.parking-lot', msg.content, { headers: msg.properties.headers, persistent: true });
      this.channel.ack(msg);
      return;
    }
    try {
      process(msg.content);
      this.channel.ack(msg);
    } catch {
      this.channel.nack(msg, false, false);
    }
  }

  private onPayment(msg: amqp.ConsumeMessage | null) {
    if (!msg) return;
    const retries = (msg.properties.headers?.['x-death'] ?? []).reduce((sum: number, d: { count: number }) => sum + d.count, 0);
    if (retries < MAX_RETRIES) {
      this.channel.reject(msg, false);
      return;
    }
    this.channel.publish('', 'payments.failed', msg.content, { headers: msg.properties.headers });
    this.channel.ack(msg);
  }
}

function process(body: Buffer) {
  if (!body.length) throw new Error('empty order');
}
