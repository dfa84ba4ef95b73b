import type { Channel } from 'amqplib';

// Prefetch helpers, each called with several channels.
export async function applyQos(ch: Channel) {
  await ch.prefetch(25);
}

export async function setupAudit(ch: Channel) {
  await ch.prefetch(5);
  await ch.consume('audit', (msg) => msg && ch.ack(msg));
}
