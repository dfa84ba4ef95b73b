import { channel } from '../rabbit';

export async function startOrders(handle: (body: unknown) => Promise<void>) {
  await channel.consume('orders', async (msg) => {
    if (!msg) return;
    await handle(JSON.parse(msg.content.toString()));
    channel.ack(msg);
  });
}
