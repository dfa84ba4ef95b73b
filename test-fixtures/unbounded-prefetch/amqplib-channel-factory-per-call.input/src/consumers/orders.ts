import { openChannel } from '../rabbit';

export async function startOrders(handle: (body: unknown) => Promise<void>) {
  const ch = await openChannel();
  await ch.prefetch(20);
  await ch.consume('orders', async (msg) => {
    if (!msg) return;
    await handle(JSON.parse(msg.content.toString()));
    ch.ack(msg);
  });
}
