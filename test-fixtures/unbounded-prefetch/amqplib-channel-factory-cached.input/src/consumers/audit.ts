import { getChannel } from '../rabbit';

// The shared channel carries the prefetch getChannel() set on it.
export async function startAudit(record: (line: string) => void) {
  const ch = await getChannel();
  await ch.consume('audit', (msg) => {
    if (!msg) return;
    record(msg.content.toString());
    ch.ack(msg);
  });
}
