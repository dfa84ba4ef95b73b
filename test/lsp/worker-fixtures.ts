// Documents in the shapes services are written in, for the language-server tests.

/** An amqplib worker: setup functions per queue and a start function; four findings (lines 8, 13, 13, 27). */
export const ORDERS_WORKER = `import amqp, { type Channel, type ConsumeMessage } from 'amqplib';
import { handlePayment } from './handlers';

const EXCHANGE = 'orders';

export async function setupOrders(ch: Channel): Promise<void> {
  await ch.assertExchange(EXCHANGE, 'topic', { durable: true });
  await ch.assertQueue('orders.created', { durable: false });
  await ch.bindQueue('orders.created', EXCHANGE, 'order.created');
}

export async function setupPayments(ch: Channel): Promise<void> {
  await ch.assertQueue('payments', { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 10 } });
  await ch.prefetch(20);
  await ch.consume('payments', async (msg: ConsumeMessage | null) => {
    if (!msg) return;
    await handlePayment(msg);
    ch.ack(msg);
  });
}

export async function start(url: string): Promise<void> {
  const connection = await amqp.connect(url);
  const ch = await connection.createChannel();
  await setupOrders(ch);
  await setupPayments(ch);
  await ch.assertQueue('audit', { durable: false, exclusive: false });
}
`;

/** The findings of ORDERS_WORKER as [rule id, 1-based line]. */
export const ORDERS_WORKER_FINDINGS: [string, number][] = [
  ['transient-nonexclusive-queue', 8],
  ['quorum-delivery-limit-default', 13],
  ['queue-argument-not-supported', 13],
  ['transient-nonexclusive-queue', 27],
];
