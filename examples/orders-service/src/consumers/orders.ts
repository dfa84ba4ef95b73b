// Takes orders off the queue and stores them; an order that cannot be stored goes to orders.dlx.
import { connect } from '../broker';
import { ORDERS_OPTIONS, ORDERS_QUEUE } from '../queues';
import { saveOrder } from '../store';

export async function consumeOrders(): Promise<void> {
  const ch = await (await connect()).createChannel();
  await ch.assertQueue(ORDERS_QUEUE, ORDERS_OPTIONS);
  await ch.prefetch(20);
  await ch.consume(ORDERS_QUEUE, async (msg) => {
    const order = JSON.parse(msg.content.toString());
    try {
      await saveOrder(order);
      ch.ack(msg);
    } catch {
      ch.nack(msg, false, false);
    }
  });
}
