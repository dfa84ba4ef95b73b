// The queue name comes from the environment, but the same variable names the declaration just before: that
// declaration says the queue's type. Classic: the finding is an info (4.3's consumer timeout does not cancel it);
// quorum: a warning that says so, without "if this is a quorum queue".
import type { Channel, ConsumeMessage } from 'amqplib';

export class ChatCreation {
  constructor(private readonly channel: Channel) {}

  async consume() {
    const q = process.env.CHAT_CREATION_QUEUE || 'CHAT_CREATION_QUEUE';
    await this.channel.prefetch(1);
    await this.channel.assertQueue(q, { durable: true });
    await this.channel.consume(q, (msg: ConsumeMessage | null) => this.handler(msg));
  }

  async consumeOrders() {
    const q = process.env.ORDERS_QUEUE ?? 'orders';
    await this.channel.assertQueue(q, { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
    // rabbitmq4-codemod(consumer-null-message): return early when the message is null, before the
    // handler uses it: if (msg === null) { /* consumer cancelled by the broker */ return; } and
    // consume again (or reconnect) if the consumer should keep running (not rewritten: the handler
    // is not an inline function with a block body)
    await this.channel.consume(q, (msg) => this.handler(msg));
  }

  private handler(msg: ConsumeMessage | null) {
    const body = JSON.parse(msg.content.toString());
    this.channel.ack(msg);
    return body;
  }
}
