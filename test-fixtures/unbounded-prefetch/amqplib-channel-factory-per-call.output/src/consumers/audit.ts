import { openChannel } from '../rabbit';

// Its own channel, on which nothing sets a prefetch: orders.ts's prefetch(20) is on another channel.
export async function startAudit(record: (line: string) => void) {
  const ch = await openChannel();
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await ch.consume('audit', (msg) => {
    if (!msg) return;
    record(msg.content.toString());
    ch.ack(msg);
  });
}
