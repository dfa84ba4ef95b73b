import amqp from 'amqplib';
import { once } from 'node:events';

// Two replays of the dead-letter archive in one module: only replayPolitely() waits for the channel's 'drain'.
export async function replay(url: string, load: () => Promise<Buffer[]>) {
  const ch = await (await amqp.connect(url)).createChannel();
  const archive = await load();
  while (archive.length) {
    // rabbitmq4-codemod(publisher-backpressure): wait when the buffer is full:
    // `if (!ch.sendToQueue(...)) await once(ch, 'drain')` (once from node:events), so that the loop
    // waits instead of the memory growing; publisher confirms do not do this (they say the broker
    // has the message, not that the buffer has room)
    ch.sendToQueue('orders', archive.shift()!, { persistent: true });
  }
}

export async function replayPolitely(url: string, load: () => Promise<Buffer[]>) {
  const ch = await (await amqp.connect(url)).createChannel();
  const archive = await load();
  while (archive.length) {
    if (!ch.sendToQueue('orders', archive.shift()!, { persistent: true })) await once(ch, 'drain');
  }
}
