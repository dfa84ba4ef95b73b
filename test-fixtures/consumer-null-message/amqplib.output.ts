import amqp, { type Channel, type ConsumeMessage } from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
  await ch.prefetch(10);
  await ch.consume('orders', async (msg) => {
    if (msg === null) { /* consumer cancelled by the broker */ return; }
    const order = JSON.parse(msg!.content.toString());
    await ship(order);
    ch.ack(msg!);
  });
  // The destructured parameter throws before the body runs.
  // rabbitmq4-codemod(consumer-null-message): return early when the message is null, before the
  // handler uses it: if (msg === null) { /* consumer cancelled by the broker */ return; } and
  // consume again (or reconnect) if the consumer should keep running (not rewritten: the handler is
  // not an inline function with a block body)
  await ch.consume('invoices', ({ content }: ConsumeMessage) => bill(content));
  // rabbitmq4-codemod(consumer-null-message): return early when the message is null, before the
  // handler uses it: if (msg === null) { /* consumer cancelled by the broker */ return; } and
  // consume again (or reconnect) if the consumer should keep running (not rewritten: the handler is
  // not an inline function with a block body)
  await ch.consume('refunds', onRefund);
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.consume('audit', (msg) => {
    // A guard that throws is the author's choice of what a cancel does: a check, and no guard goes above it.
    if (!msg) throw new Error('consumer cancelled');
    record(msg.content);
  });
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.consume('emails', (msg) => {
    if (msg === null) { /* consumer cancelled by the broker */ return; }
    try {
      send(msg!.content);
    } catch (err) {
      console.error(err);
      throw err;
    }
  });
  // rabbitmq4-codemod(consumer-null-message): return early when the message is null, before the
  // handler uses it: if (msg === null) { /* consumer cancelled by the broker */ return; } and
  // consume again (or reconnect) if the consumer should keep running (not rewritten: the handler
  // body starts on the line of its opening brace)
  await ch.consume('acks', (msg) => { ch.ack(msg!); });

  function onRefund(msg: ConsumeMessage | null) {
    refund(msg!.fields.deliveryTag, msg!.content);
  }
}

export class Worker {
  constructor(private readonly ch: Channel) {}

  async listen() {
    await this.ch.prefetch(5);
    // rabbitmq4-codemod(consumer-null-message): return early when the message is null, before the
    // handler uses it: if (msg === null) { /* consumer cancelled by the broker */ return; } and
    // consume again (or reconnect) if the consumer should keep running (not rewritten: the handler
    // is not an inline function with a block body)
    // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack
    // it when its work is done (and nack or reject it when it fails), or consume with noAck: true
    // if losing messages on a crash is acceptable
    await this.ch.consume('jobs', (msg) => this.handle(msg));
  }

  private handle(msg: ConsumeMessage | null) {
    run(msg!.properties.headers);
  }
}

declare function ship(o: unknown): Promise<void>;
declare function bill(b: Buffer): void;
declare function record(b: Buffer): void;
declare function send(b: Buffer): void;
declare function refund(tag: number, b: Buffer): void;
declare function run(h: unknown): void;
