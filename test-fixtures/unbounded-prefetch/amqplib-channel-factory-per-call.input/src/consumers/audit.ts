import { openChannel } from '../rabbit';

// Its own channel, on which nothing sets a prefetch: orders.ts's prefetch(20) is on another channel.
export async function startAudit(record: (line: string) => void) {
  const ch = await openChannel();
  await ch.consume('audit', (msg) => {
    if (!msg) return;
    record(msg.content.toString());
    ch.ack(msg);
  });
}
