// Loops that pace themselves on purpose: the confirm wait is not what limits them.
import amqp from 'amqplib';
import { setTimeout as sleep } from 'node:timers/promises';

export async function trickle(url: string, bodies: Buffer[]) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  for (const body of bodies) {
    ch.publish('events', 'created', body);
    await ch.waitForConfirms();
    await sleep(1000);
  }
}

export async function fromDatabase(url: string, ids: number[], load: (id: number) => Promise<Buffer>) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  for (const id of ids) {
    const body = await load(id);
    ch.sendToQueue('exports', body);
    await ch.waitForConfirms();
  }
}
