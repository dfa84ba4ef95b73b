import amqp, { type ConsumeMessage } from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('a', (msg) => {
    if (!msg) return;
    handle(msg.content);
    ch.ack(msg);
  });
  await ch.consume('b', async (msg) => {
    if (msg === null) {
      console.warn('consumer cancelled by the broker');
      return;
    }
    await handleAsync(msg.content);
    ch.ack(msg);
  });
  await ch.consume('c', (msg) => {
    if (msg) {
      handle(msg.content);
      ch.ack(msg);
    }
  });
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.consume('d', (msg) => msg && handle(msg.content));
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.consume('e', (msg) => handle(msg?.content));
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.consume('f', (msg) => (msg ? handle(msg.content) : resubscribe()));
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.consume('g', () => tick());
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.consume('h', (msg) => {
    try {
      handle(msg!.content);
    } catch (err) {
      console.error('bad message', err);
    }
  });
  await ch.consume('i', onMessage);
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.consume('j', (msg) => {
    if (msg == null || msg.fields.redelivered) return;
    handle(msg.content);
  });

  function onMessage(msg: ConsumeMessage | null) {
    if (!msg) return;
    handle(msg.content);
    ch.ack(msg);
  }
}

declare function handle(b: Buffer | undefined): void;
declare function handleAsync(b: Buffer): Promise<void>;
declare function resubscribe(): void;
declare function tick(): void;
