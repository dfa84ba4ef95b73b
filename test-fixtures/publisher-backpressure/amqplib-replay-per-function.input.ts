import amqp from 'amqplib';
import { once } from 'node:events';

// Two replays of the dead-letter archive in one module: only replayPolitely() waits for the channel's 'drain'.
export async function replay(url: string, archive: { next(): Promise<Buffer | null> }) {
  const ch = await (await amqp.connect(url)).createChannel();
  while (true) {
    const body = await archive.next();
    if (!body) break;
    ch.sendToQueue('orders', body, { persistent: true });
  }
}

export async function replayPolitely(url: string, archive: { next(): Promise<Buffer | null> }) {
  const ch = await (await amqp.connect(url)).createChannel();
  for (;;) {
    const body = await archive.next();
    if (!body) break;
    if (!ch.sendToQueue('orders', body, { persistent: true })) await once(ch, 'drain');
  }
}
