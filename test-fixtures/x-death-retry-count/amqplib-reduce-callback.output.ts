// Retry counts summed over the x-death array with reduce, the reducer written apart, and a handler that
// republishes while the count is below the limit (dead-lettering only once it is reached): the republished copy
// starts without the count, so the limit is never reached.
import * as amqp from 'amqplib';

const MAX_ATTEMPTS = 3;
const sumCounts = (total: number, death: { count: number }) => total + death.count;

export async function startInvoiceWorker(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(5);
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('invoices', async (msg) => {
    if (!msg) return;
    const attempts = (msg.properties.headers?.['x-death'] ?? []).reduce(sumCounts, 0);
    try {
      await send(msg.content);
      ch.ack(msg);
    } catch {
      if (attempts < MAX_ATTEMPTS) {
        ch.sendToQueue('invoices', msg.content, { headers: msg.properties.headers });
        ch.ack(msg);
      } else {
        ch.nack(msg, false, false);
      }
    }
  });
}

declare function send(body: Buffer): Promise<void>;
