import { openChannel } from '../rabbit';

// Automatic ack on a channel of its own: no prefetch is set on it, so none is ineffective either.
export async function startMetrics(count: (n: number) => void) {
  const ch = await openChannel();
  await ch.consume('metrics', (msg) => msg && count(msg.content.length), { noAck: true });
}
