import amqp from 'amqplib';
import { once } from 'node:events';

// The same job, paced: a full buffer makes the loop wait for 'drain'.
export async function exportRows(url: string, rows: { id: number }[]) {
  const ch = await (await amqp.connect(url)).createChannel();
  for (const row of rows) {
    if (!ch.sendToQueue('exports', Buffer.from(JSON.stringify(row)), { persistent: true })) {
      await once(ch, 'drain');
    }
  }
}

// A confirm channel waited on per batch, and a loop that waits on something each time, pace themselves too.
export async function confirmed(url: string, bodies: Buffer[], load: (b: Buffer) => Promise<Buffer>) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  for (const body of bodies) {
    const loaded = await load(body);
    ch.publish('events', 'created', loaded);
  }
  await ch.waitForConfirms();
}
