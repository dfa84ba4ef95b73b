// A test on a property of the message is no null check: `msg.properties.replyTo` and
// `msg.properties.headers?.['x-death']` throw on a null message (the `?.` guards the headers, not the message).
// The advice is the null guard, never "move the use under that test" (which would skip every message without it).
import * as amqp from 'amqplib';

export class RpcServer {
  private channel!: amqp.Channel;

  async start(url: string) {
    const conn = await amqp.connect(url);
    this.channel = await conn.createChannel();
    await this.channel.prefetch(1);
    await this.channel.consume('rpc.requests', (msg) => {
      if (msg === null) { /* consumer cancelled by the broker */ return; }
      if (msg.properties.replyTo) {
        const reply = Buffer.from(JSON.stringify({ ok: true }));
        this.channel.sendToQueue(msg.properties.replyTo, reply, { correlationId: msg.properties.correlationId });
      }
      this.channel.ack(msg);
    });
    await this.channel.consume('billing.retry', (msg) => {
      if (msg === null) { /* consumer cancelled by the broker */ return; }
      if (msg.properties.headers?.['x-death']) {
        console.warn('redelivered from the dead-letter queue');
      }
      handle(msg.content);
      this.channel.ack(msg);
    });
  }
}

function handle(body: Buffer) {
  return body.length;
}
