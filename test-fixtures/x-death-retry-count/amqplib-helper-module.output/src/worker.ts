import amqp from 'amqplib';
import { attemptsFromHeaders, deliveryAttempts } from './retry';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('orders', (msg) => {
    if (!msg) return;
    if (deliveryAttempts(msg) >= 3) ch.publish('parking-lot', '', msg.content);
    else ch.publish('orders-retry', '', msg.content, { headers: msg.properties.headers });
    ch.ack(msg);
  });
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('payments', (msg) => {
    if (!msg) return;
    if (attemptsFromHeaders(msg.properties.headers) < 3) ch.sendToQueue('payments-retry', msg.content);
    ch.ack(msg);
  });
}
