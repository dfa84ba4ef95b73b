import { channel } from '../rabbit';

export async function startOrders(handle: (body: unknown) => Promise<void>) {
  await channel.assertQueue('orders');
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await channel.consume('orders', async (msg) => {
    if (!msg) return;
    await handle(JSON.parse(msg.content.toString()));
    channel.ack(msg);
  });
}
