import { openChannel } from '../rabbit';

// Automatic ack on a channel of its own: no prefetch is set on it, so none is ineffective either.
export async function startMetrics(count: (n: number) => void) {
  const ch = await openChannel();
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await ch.consume('metrics', (msg) => msg && count(msg.content.length), { noAck: true });
}
