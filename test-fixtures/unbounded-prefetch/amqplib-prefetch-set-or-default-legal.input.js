// A worker library: the caller's prefetch when it passes one, else 1 (written as a test of undefined, not `??`).
import amqp from 'amqplib';

export class Worker {
  constructor(options) {
    this.options = options;
    this.prefetch = options.prefetch != undefined ? options.prefetch : 1;
    this.retries = typeof options.retries !== 'undefined' ? options.retries : 3;
  }

  async consume(fn) {
    const conn = await amqp.connect(this.options.brokerUri);
    const channel = await conn.createChannel();
    await channel.assertQueue(this.options.key, { durable: true });
    await channel.prefetch(this.prefetch);
    await channel.consume(this.options.key, async (msg) => {
      if (msg == null) return;
      try {
        await fn(JSON.parse(msg.content.toString()));
        channel.ack(msg);
      } catch {
        channel.nack(msg, false, false);
      }
    });
  }
}
