import type { Channel } from 'amqplib';

export async function consumeOrders(ch: Channel) {
  await ch.consume('orders', (msg) => msg && ch.ack(msg));
}
